"""The ACPC protocol 2.0.0 as a pure core (``protocols.md`` §1): no sockets, no clock.

A player first sends ``VERSION:2.0.0``.  The dealer then sends each player, after every
action, the state as that player sees it (a line ending ``\\r\\n``)::

    MATCHSTATE:<position>:<hand>:<betting>:<cards>

and the player to act answers with the same state, ``:`` and its action.

>>> state = MatchState.parse("MATCHSTATE:0:2:crc/c:4d6c|/3c9sJc")
>>> state.position, state.hand, state.betting_text, state.round
(0, 2, 'crc/c', 1)
>>> str(state) == "MATCHSTATE:0:2:crc/c:4d6c|/3c9sJc"
True

The dealer reads a reply the way the reference dealer does (:func:`read_reply`):
comments are skipped, a reply to any other state is ignored, ``k`` and ``b`` are read
as ``c`` and ``r``, and anything after the action is ignored.

>>> from pokerroom.history.acpc import LIMIT_HEADS_UP, GameDef
>>> game = GameDef.parse(LIMIT_HEADS_UP)
>>> read_reply("MATCHSTATE:0:2:crc/c:4d6c|/3c9sJc:r\\r\\n", state, game)
Reply(kind=<ReplyKind.ACTION: 'action'>, action=ACPCAction(kind='r', size=None), reason='')
>>> read_reply("MATCHSTATE:0:2:crc/:4d6c|/3c9sJc:r", state, game).kind
<ReplyKind.NOT_CURRENT: 'not current'>

:func:`decide` turns a reply's action into an engine action: what the reference does
with an invalid one (a call; an out-of-range no-limit raise moved into range) is the
default :class:`InvalidPolicy`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Final

from pokerroom.cards import Card
from pokerroom.engine.actions import Action, ActionKind, LegalActions, default_action
from pokerroom.history.acpc import Betting, GameDef
from pokerroom.history.acpclog import (
    ACPCAction,
    format_state_cards,
    parse_betting,
    parse_state_cards,
)
from pokerroom.history.errors import ACPCError
from pokerroom.numerals import number as read_number

__all__ = [
    "MAX_LINE",
    "VERSION",
    "VERSION_LINE",
    "ACPCProtocolError",
    "Decision",
    "InvalidPolicy",
    "MatchState",
    "Reply",
    "ReplyKind",
    "acpc_action",
    "decide",
    "read_reply",
    "read_version",
    "version_warning",
]

VERSION: Final = (2, 0, 0)
VERSION_LINE: Final = "VERSION:2.0.0"
MAX_LINE: Final = 4096
"""The longest line either side sends or reads, its ending included (the reference's
read buffer)."""

_PREFIX: Final = "MATCHSTATE:"
# C reads ASCII digits alone (Python's \d also reads the digits of every other script)
_VERSION: Final = re.compile(r"VERSION:[ \t\n\v\f\r]*\+?([0-9]+)\.[ \t\n\v\f\r]*\+?([0-9]+)"
                             r"\.[ \t\n\v\f\r]*\+?([0-9]+)")
_NUMBER: Final = re.compile(r"[ \t\n\v\f\r]*\+?([0-9]+)")  # C's %u: spaces, a sign, digits
_SIZE: Final = re.compile(r"[ \t\n\v\f\r]*([+-]?[0-9]+)")  # C's %d
_KINDS: Final = {"f": "f", "c": "c", "k": "c", "r": "r", "b": "r"}
_ACTIONS: Final = {k: ACPCAction(v) for c, v in _KINDS.items() for k in (c, c.upper())}
_RANKS: Final = "23456789TJQKA"
_SUITS: Final = "cdhs"
_INT32: Final = 2**31


class ACPCProtocolError(ACPCError):
    """A line that breaks the ACPC protocol (a bad ``MATCHSTATE``, a bad version)."""


@dataclass(frozen=True, slots=True)
class MatchState:
    """One ``MATCHSTATE`` line: the hand as the player at ``position`` sees it.

    ``betting`` has one tuple of actions per round reached so far; ``hole`` the hole
    cards per position (empty when hidden); ``board`` the board cards per round, round
    0 (pre-flop) included, as many rounds as ``betting``.
    """

    position: int
    hand: int
    betting: tuple[tuple[ACPCAction, ...], ...]
    hole: tuple[tuple[Card, ...], ...]
    board: tuple[tuple[Card, ...], ...]

    @classmethod
    def parse(cls, text: str) -> MatchState:
        """Read a ``MATCHSTATE`` line (its ``\\r\\n`` may be left on);
        :class:`ACPCProtocolError` names what is wrong."""
        line = text.rstrip("\r\n")
        if not line.startswith(_PREFIX):
            raise ACPCProtocolError(f"not a MATCHSTATE line: {line[:80]!r}")
        fields = line[len(_PREFIX) :].split(":")
        if len(fields) != 4:
            raise ACPCProtocolError(
                f"a MATCHSTATE has 5 fields (MATCHSTATE:position:hand:betting:cards), this "
                f"one {len(fields) + 1}: {line[:80]!r}"
            )
        position, hand, betting_text, cards = fields
        seat, hand_number = read_number(position), read_number(hand)
        if seat is None or hand_number is None:
            raise ACPCProtocolError(f"the position and hand must be whole numbers: {line[:80]!r}")
        try:
            betting = parse_betting(betting_text)
            hole, board = parse_state_cards(cards)
        except ACPCError as exc:
            raise ACPCProtocolError(exc.reason) from None
        if len(hole) < 2:
            raise ACPCProtocolError(
                f"a state lists the hole cards of 2 or more players, '|' between them: "
                f"{line[:80]!r}"
            )
        if seat >= len(hole):
            raise ACPCProtocolError(
                f"position {position} of a {len(hole)}-player state: {line[:80]!r}"
            )
        if len(board) != len(betting):
            raise ACPCProtocolError(
                f"{len(betting)} betting rounds but cards for {len(board)}: {line[:80]!r}"
            )
        return cls(seat, hand_number, betting, hole, board)

    @property
    def round(self) -> int:
        """The betting round (0 pre-flop)."""
        return len(self.betting) - 1

    @property
    def actions(self) -> tuple[ACPCAction, ...]:
        """Every action of the hand so far, rounds run together."""
        return tuple(a for r in self.betting for a in r)

    @property
    def betting_text(self) -> str:
        return "/".join("".join(map(str, r)) for r in self.betting)

    def __str__(self) -> str:
        return (
            f"{_PREFIX}{self.position}:{self.hand}:{self.betting_text}:"
            f"{format_state_cards(self.hole, self.board)}"
        )


def read_version(line: str) -> tuple[int, int, int]:
    """The version a player announces (``VERSION:2.0.0``); :class:`ACPCProtocolError`
    when the line is not a version line.

    >>> read_version("VERSION:2.0.0\\r\\n")
    (2, 0, 0)
    """
    m = _VERSION.match(line)
    if m is None:
        raise ACPCProtocolError(
            f"the first line must be the protocol version ({VERSION_LINE}), not {line[:80]!r}"
        )
    major, minor, revision = (_whole(g) for g in m.groups())
    return major, minor, revision


def version_warning(version: tuple[int, int, int]) -> str | None:
    """What the reference dealer says of a version it does not speak (it plays on)."""
    if version[0] != VERSION[0] or version[1] > VERSION[1]:
        return (
            f"the player speaks version {'.'.join(map(str, version))}; this dealer speaks "
            f"{'.'.join(map(str, VERSION))}"
        )
    return None


# ----------------------------------------------------------------------- replies


class ReplyKind(Enum):
    """What a line from a player is."""

    COMMENT = "comment"  # starts with '#' or ';': skipped
    UNREADABLE = "unreadable"  # not a state the dealer can read: ignored
    NOT_CURRENT = "not current"  # a state other than the one waiting for an answer: ignored
    ACTION = "action"  # an answer to the current state
    BAD_ACTION = "bad action"  # the current state, but no readable action after it


@dataclass(frozen=True, slots=True)
class Reply:
    """A line read by :func:`read_reply`: ``action`` is set for ``ACTION``; ``reason``
    says why a line is ignored or its action unreadable."""

    kind: ReplyKind
    action: ACPCAction | None = None
    reason: str = ""


class _UnreadableError(Exception):
    """Why a reply's state cannot be read."""


def _read_cards(line: str, pos: int, count: int) -> tuple[tuple[Card, ...], int]:
    """Up to ``count`` cards from ``pos`` (rank in either case, then suit)."""
    cards: list[Card] = []
    while len(cards) < count and pos + 1 < len(line):
        rank = _RANKS.find(line[pos].upper())
        suit = _SUITS.find(line[pos + 1].lower())
        if rank < 0 or suit < 0:
            break
        cards.append(Card.of(rank, suit))
        pos += 2
    return tuple(cards), pos


def _read_betting(line: str, pos: int, nolimit: bool) -> tuple[list[ACPCAction], int]:
    actions = []
    while pos < len(line) and line[pos] != ":":
        char = line[pos]
        pos += 1
        if char == "/":
            continue
        kind = _KINDS.get(char.lower())
        if kind is None:
            raise _UnreadableError(f"{char!r} is not an action (f, c, r; k and b read as c and r)")
        size = None
        if kind == "r" and nolimit:
            m = _SIZE.match(line, pos)
            if m is None:
                raise _UnreadableError("a no-limit raise without its size")
            size = _int32(_whole(m.group(1)))
            pos = m.end()
        actions.append(ACPCAction(kind, size))
    return actions, pos


def _int32(value: int) -> int:
    return max(-_INT32, min(_INT32 - 1, value))


def _whole(digits: str) -> int:
    """A run of digits (a sign first, maybe) as C reads it into a number it then clamps:
    past 18 digits only its sign matters, so it is read as 10¹⁸ (``int`` refuses a text of
    over 4,300 digits, which a log file's line may hold)."""
    body = digits.lstrip("+-")
    value = int(body) if len(body) <= 18 else 10**18
    return -value if digits.startswith("-") else value


def _read_number(line: str, pos: int, what: str) -> tuple[int, int]:
    m = _NUMBER.match(line, pos)
    if m is None:
        raise _UnreadableError(f"no {what}")
    return _whole(m.group(1)), m.end()


def _expect_colon(line: str, pos: int, after: str) -> int:
    if pos >= len(line) or line[pos] != ":":
        raise _UnreadableError(f"no ':' after the {after}")
    return pos + 1


def read_reply(line: str, current: MatchState | str, game: GameDef) -> Reply:
    """Read a player's line while ``current`` (the state, or its text as sent) waits for
    its answer.

    The state in the reply must be ``current`` (same position, hand, actions, board and
    the player's own hole cards; round separators and other players' cards are not
    compared, as in the reference).  The usual reply, the state echoed byte for byte,
    is read without parsing the state.  Never raises: every line is some
    :class:`Reply`.
    """
    if line.startswith(("#", ";")):
        return Reply(ReplyKind.COMMENT)
    text = current if isinstance(current, str) else str(current)
    if line.startswith(text) and line[len(text) : len(text) + 1] == ":":
        return _read_action(line, len(text), game)
    if isinstance(current, str):
        current = MatchState.parse(current)
    try:
        if not line.startswith(_PREFIX):
            raise _UnreadableError("not a MATCHSTATE line")
        position, pos = _read_number(line, len(_PREFIX), "position")
        if position >= game.num_players:
            raise _UnreadableError(f"position {position} in a {game.num_players}-player game")
        pos = _expect_colon(line, pos, "position")
        hand, pos = _read_number(line, pos, "hand number")
        pos = _expect_colon(line, pos, "hand number")
        actions, pos = _read_betting(line, pos, game.betting is Betting.NOLIMIT)
        if pos < len(line):
            pos += 1  # the ':' that ends the betting
        if position != current.position or hand != current.hand:
            return Reply(ReplyKind.NOT_CURRENT, reason=f"position {position}, hand {hand}")
        if tuple(actions) != current.actions:
            return Reply(ReplyKind.NOT_CURRENT, reason="other betting")
        holes, pos = _read_holes(line, pos, game)
        board, pos = _read_board(line, pos, game, current.round + 1)
        if holes[current.position] != current.hole[current.position]:
            return Reply(ReplyKind.NOT_CURRENT, reason="other hole cards")
        if tuple(board) != current.board:
            return Reply(ReplyKind.NOT_CURRENT, reason="another board")
    except _UnreadableError as exc:
        return Reply(ReplyKind.UNREADABLE, reason=str(exc))
    return _read_action(line, pos, game)


def _read_holes(line: str, pos: int, game: GameDef) -> tuple[list[tuple[Card, ...]], int]:
    """Each position's hole cards (none where not shown) from ``pos``, and where they
    end; :class:`_UnreadableError` for a position with some but not all of its cards."""
    holes = []
    for p in range(game.num_players):
        if p and pos < len(line) and line[pos] == "|":
            pos += 1
        cards, pos = _read_cards(line, pos, game.num_hole_cards)
        if cards and len(cards) != game.num_hole_cards:
            raise _UnreadableError(f"position {p} has {len(cards)} hole cards")
        holes.append(cards)
    return holes, pos


def _read_board(
    line: str, pos: int, game: GameDef, rounds: int
) -> tuple[list[tuple[Card, ...]], int]:
    """The board cards of the first ``rounds`` rounds from ``pos``, and where they end;
    :class:`_UnreadableError` for a round without all its cards."""
    board = []
    for r in range(rounds):
        if r and pos < len(line) and line[pos] == "/":
            pos += 1
        cards, pos = _read_cards(line, pos, game.num_board_cards[r])
        if len(cards) != game.num_board_cards[r]:
            raise _UnreadableError(f"round {r + 1} has {len(cards)} board cards")
        board.append(cards)
    return board, pos


def _read_action(line: str, pos: int, game: GameDef) -> Reply:
    """The action after the state that ends at ``pos``."""
    if pos >= len(line) or line[pos] != ":":
        return Reply(ReplyKind.BAD_ACTION, reason="no ':' and action after the state")
    letter = line[pos + 1 : pos + 2]
    reply = _PLAIN_REPLIES.get(letter)
    if reply is not None and (letter in "fckFCK" or game.betting is not Betting.NOLIMIT):
        return reply  # the action as a letter says it (a no-limit raise has its size)
    action = _ACTIONS.get(letter)
    if action is None:
        return Reply(ReplyKind.BAD_ACTION, reason=f"{letter!r} is not an action")
    if action.kind == "r" and game.betting is Betting.NOLIMIT:
        m = _SIZE.match(line, pos + 2)
        if m is None:
            return Reply(ReplyKind.BAD_ACTION, reason="a no-limit raise without its size")
        action = ACPCAction("r", _int32(_whole(m.group(1))))
    return Reply(ReplyKind.ACTION, action)


_PLAIN_REPLIES: Final = {letter: Reply(ReplyKind.ACTION, a) for letter, a in _ACTIONS.items()}


# ----------------------------------------------------------------- actions


class InvalidPolicy(StrEnum):
    """What the dealer does with an action it cannot take as sent.

    ``call`` (the reference dealer): an out-of-range no-limit raise is moved to the
    nearest legal size, any other invalid action becomes a check or call.  ``fold``:
    the invalid action becomes the default action (check if free, else fold), an
    out-of-range raise included.  ``reject``: the reply is ignored and the player may
    answer again until its time runs out.
    """

    CALL = "call"
    FOLD = "fold"
    REJECT = "reject"


@dataclass(frozen=True, slots=True)
class Decision:
    """The engine action a reply comes to (``None``: refused, under ``reject``), and
    ``problem``: why it is not the action as sent ("" when it is)."""

    action: Action | None
    problem: str = ""


_FOLDS: Final = Decision(Action.fold())
_CHECKS: Final = Decision(Action.check())
_CALLS: Final = Decision(Action.call())
_RAISES: dict[tuple[bool, int], Decision] = {}
"""Decisions to bet (True) or raise to an amount, as made (a limit game's few)."""


def _check_or_call(legal: LegalActions) -> Action:
    return Action.check() if ActionKind.CHECK in legal.kinds else Action.call()


def _raise(legal: LegalActions, to: int) -> Action:
    return Action.bet(to) if ActionKind.BET in legal.kinds else Action.raise_to(to)


def _raise_decision(legal: LegalActions, to: int) -> Decision:
    bet = ActionKind.BET in legal.kinds
    decision = _RAISES.get((bet, to))
    if decision is None:
        decision = Decision(_raise(legal, to))
        if len(_RAISES) < 1024:
            _RAISES[bet, to] = decision
    return decision


def decide(
    action: ACPCAction | None,
    legal: LegalActions,
    *,
    round_base: int,
    nolimit: bool,
    policy: InvalidPolicy = InvalidPolicy.CALL,
) -> Decision:
    """The engine action for ``action`` (``None``: unreadable) of the seat whose choices
    are ``legal``.  ``round_base`` is what the seat put in before this round: a no-limit
    ``rN`` is N chips in the whole hand, the engine's amounts are for the round.

    >>> from pokerroom.engine import Street
    >>> legal = LegalActions(0, Street.FLOP, (ActionKind.CHECK, ActionKind.BET), min_to=100,
    ...                      max_to=19900)
    >>> decide(ACPCAction("r", 50000), legal, round_base=100, nolimit=True)
    Decision(action=Action.bet(19900), problem='raise to 50000 lowered to 20000')
    >>> decide(ACPCAction("f"), legal, round_base=100, nolimit=True).problem
    'invalid action f (fold with nothing to call), changed to call'
    """
    problem = ""
    if action is None:
        problem = "unreadable action"
    elif action.kind == "c":
        return _CHECKS if ActionKind.CHECK in legal.kinds else _CALLS
    elif action.kind == "f":
        if ActionKind.FOLD in legal.kinds:
            return _FOLDS
        problem = "invalid action f (fold with nothing to call)"
    elif not legal.can_raise:
        problem = f"invalid action {action} (no raise is possible: {legal})"
    elif not nolimit:
        return _raise_decision(legal, legal.min_to)
    else:
        size = action.size if action.size is not None else 0
        to = size - round_base
        if legal.min_to <= to <= legal.max_to:
            return _raise_decision(legal, to)
        moved = legal.min_to if to < legal.min_to else legal.max_to
        verb = "raised" if to < legal.min_to else "lowered"
        if policy is InvalidPolicy.CALL:
            return Decision(
                _raise(legal, moved), f"raise to {size} {verb} to {moved + round_base}"
            )
        problem = (
            f"invalid raise to {size} (legal: {legal.min_to + round_base} to "
            f"{legal.max_to + round_base} in the hand)"
        )
    if policy is InvalidPolicy.REJECT:
        return Decision(None, f"{problem}: refused")
    if policy is InvalidPolicy.FOLD:
        chosen = default_action(legal)
        return Decision(chosen, f"{problem}, changed to {chosen}")
    return Decision(_check_or_call(legal), f"{problem}, changed to call")


def acpc_action(action: Action, *, to_call: int, round_base: int, nolimit: bool) -> str:
    """The ACPC text of an engine action by a seat that owes ``to_call`` and put
    ``round_base`` chips in before this round: ``f``, ``c``, ``r`` or (no limit) ``rN``
    with N the seat's total in the hand.  A fold with nothing to call is sent as ``c``
    (ACPC has no such fold).

    >>> acpc_action(Action.bet(8), to_call=0, round_base=4, nolimit=True)
    'r12'
    >>> acpc_action(Action.fold(), to_call=0, round_base=4, nolimit=True)
    'c'
    """
    kind = action.kind
    if kind is ActionKind.FOLD:
        return "f" if to_call > 0 else "c"
    if kind is ActionKind.BET or kind is ActionKind.RAISE:
        if not nolimit:
            return "r"
        assert action.amount is not None
        return f"r{round_base + action.amount}"
    return "c"
