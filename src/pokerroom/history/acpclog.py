"""ACPC dealer logs: ``STATE:`` lines (one per hand) and the closing ``SCORE:`` line.

>>> log = ACPCLog.parse('''# name/game/hands/seed limit2p holdem.limit.2p.reverse_blinds.game 2 42
... STATE:0:f:7d3d|2hAc:5|-5:Alice|Bob
... STATE:1:crc/cc/cc/rrf:Ad3s|8d5d/2cAs8s/Tc/Qh:-40|40:Bob|Alice
... SCORE:45|-45:Alice|Bob''')
>>> log.game_file, log.seed, len(log.hands)
('holdem.limit.2p.reverse_blinds.game', 42, 2)
>>> hand = log.hands[1]
>>> hand.betting_text, [str(c) for c in hand.board[1]], hand.nets
('crc/cc/cc/rrf', ['2c', 'As', '8s'], (Decimal('-40'), Decimal('40')))

Everything is in position order (0 = first seat after the button), as the dealer
writes it; the ``SCORE:`` line is in seat order, by name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Final, NoReturn

from pokerroom.cards import Card, CardError, format_cards, full_deck
from pokerroom.history.errors import ACPCError, read_text

if TYPE_CHECKING:
    from pokerroom.engine.view import HandResult

__all__ = [
    "ACPCAction",
    "ACPCHand",
    "ACPCLog",
    "exact_split",
    "format_state_cards",
    "parse_betting",
    "parse_state_cards",
    "rounding_error",
]

_ACTION: Final = re.compile(r"([fcrkbFCRKB])([0-9]*)")
# the dealer reads 'k' as a check/call and 'b' as a bet/raise; we write f, c, r
_KIND: Final = {"f": "f", "c": "c", "k": "c", "r": "r", "b": "r"}
_ROUND: Final = re.compile(r"(?:[fckFCK]|[rbRB][0-9]*)*")
_HEADER: Final = re.compile(r"#\s*name/game/hands/seed\s+(\S+)\s+(\S+)\s+([0-9]+)\s+([0-9]+)")


@dataclass(frozen=True, slots=True)
class ACPCAction:
    """``f`` fold, ``c`` check/call, ``r`` raise (``size`` = the total for the hand in
    no-limit, ``None`` in limit)."""

    kind: str
    size: int | None = None

    def __str__(self) -> str:
        return self.kind + ("" if self.size is None else str(self.size))


_PLAIN: Final = {k: ACPCAction(_KIND[k.lower()]) for k in "fckrbFCKRB"}
_BY_TEXT: Final = {str(c): c for c in full_deck()}


def parse_betting(text: str) -> tuple[tuple[ACPCAction, ...], ...]:
    """``'crc/r250c/'`` -> the actions of each round (a trailing ``/`` opens an empty round).

    >>> [[str(a) for a in r] for r in parse_betting("r9680r19667c/r19965c")]
    [['r9680', 'r19667', 'c'], ['r19965', 'c']]
    """
    rounds = []
    for part in text.split("/"):
        if _ROUND.fullmatch(part) is None:
            _refuse_betting(text, part)
        actions = _ACTION.findall(part)
        if any(len(size) > 18 for _, size in actions):  # (int reads 4,300 digits at most)
            raise ACPCError(f"bad betting {text[:80]!r}: a raise of more than 18 digits, "
                            f"more than any stack")  # fmt: skip
        rounds.append(
            tuple(
                ACPCAction(_KIND[kind.lower()], int(size)) if size else _PLAIN[kind]
                for kind, size in actions
            )
        )
    return tuple(rounds)


def _refuse_betting(text: str, part: str) -> NoReturn:
    pos = 0
    while (m := _ACTION.match(part, pos)) is not None:
        if m.group(2) and m.group(1) not in "rRbB":
            raise ACPCError(f"bad betting {text!r}: only a raise has a size ({m.group()!r})")
        pos = m.end()
    raise ACPCError(
        f"bad betting {text!r} at {part[pos:]!r} (actions are f, c, r or rN; rounds are "
        f"separated by '/')"
    )


def _cards(text: str, whole: str) -> tuple[Card, ...]:
    if len(text) % 2:
        raise ACPCError(f"bad cards {text!r} in {whole!r}")
    by_text = _BY_TEXT
    try:
        return tuple(by_text.get(text[i : i + 2]) or Card.parse(text[i : i + 2])
                     for i in range(0, len(text), 2))  # fmt: skip
    except CardError as exc:
        raise ACPCError(f"bad cards {text!r} in {whole!r}: {exc}") from None


def parse_state_cards(
    text: str,
) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]:
    """``'4d6c|QsJh/3c9sJc/2d'`` -> (hole cards per position, board cards per round).

    The board of round 0 (pre-flop) is empty in hold'em: the text after the first ``/``
    is round 1's.  A player whose cards are hidden has an empty tuple.
    """
    holes_text, *boards = text.split("/")
    holes = tuple(_cards(h, text) for h in holes_text.split("|"))
    board = ((), *(_cards(b, text) for b in boards))
    seen = [c for h in holes for c in h] + [c for b in board for c in b]
    if len(set(seen)) != len(seen):
        dup = next(c for c in seen if seen.count(c) > 1)
        raise ACPCError(f"the card {dup} appears twice in {text!r}")
    return holes, board


def format_state_cards(hole: Sequence[Sequence[Card]], board: Sequence[Sequence[Card]]) -> str:
    """The text :func:`parse_state_cards` reads: ``'4d6c|QsJh/3c9sJc/2d'`` (the board of
    round 0, empty in hold'em, has no text)."""
    holes = "|".join(format_cards(h, "") for h in hole)
    return holes + "".join("/" + format_cards(b, "") for b in board[1:])


@dataclass(frozen=True, slots=True)
class ACPCHand:
    """One ``STATE:`` line of a log."""

    number: int
    betting: tuple[tuple[ACPCAction, ...], ...]
    hole: tuple[tuple[Card, ...], ...]
    board: tuple[tuple[Card, ...], ...]
    nets: tuple[Decimal, ...]
    names: tuple[str, ...]
    line: int = 0

    @property
    def betting_text(self) -> str:
        return "/".join("".join(map(str, r)) for r in self.betting)

    @property
    def cards_text(self) -> str:
        return format_state_cards(self.hole, self.board)

    def __str__(self) -> str:
        nets = "|".join(_format_net(v) for v in self.nets)
        return (
            f"STATE:{self.number}:{self.betting_text}:{self.cards_text}:{nets}:"
            f"{'|'.join(self.names)}"
        )


def _format_net(value: Decimal) -> str:
    text = format(value, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


@dataclass(frozen=True, slots=True)
class ACPCLog:
    """A dealer log: its header comments, the hands, and the final score (if present)."""

    hands: tuple[ACPCHand, ...]
    comments: tuple[str, ...] = ()
    score: tuple[tuple[Decimal, ...], tuple[str, ...]] | None = None
    match_name: str | None = None
    game_file: str | None = None
    hand_count: int | None = None
    seed: int | None = None

    @classmethod
    def parse(cls, text: str, *, source: str | None = None) -> ACPCLog:
        return _parse_log(text, source)

    @classmethod
    def load(cls, path: str | Path) -> ACPCLog:
        """Read a dealer log file (:class:`ACPCError` if it cannot be read)."""
        return _parse_log(read_text(path, "the log", ACPCError), str(path))


PRINTED_DIGITS: Final = 6
"""The dealer prints values with ``%g``: six significant digits."""


def rounding_error(value: Decimal) -> Decimal:
    """How far the exact value may be from ``value`` as the dealer printed it (``%g``).

    A value printed with fewer than six significant digits is exact; one with six may
    have been rounded by up to half a unit of its last digit.

    >>> rounding_error(Decimal("7944.5")), rounding_error(Decimal("6666.67"))
    (Decimal('0'), Decimal('0.005'))
    """
    if value == 0 or len(value.as_tuple().digits) < PRINTED_DIGITS:
        return Decimal(0)
    return Decimal(5).scaleb(value.adjusted() - PRINTED_DIGITS)


def exact_split(result: HandResult, final: Sequence[int]) -> list[Fraction]:
    """``final`` (per seat: stacks, or nets) with every split pot divided exactly, as the
    ACPC dealer shares a split pot (the engine gives the odd chips to one player)."""
    if all(len(p.winners) < 2 for p in result.pots):
        return [Fraction(v) for v in final]  # nothing split: nothing to divide
    out = [Fraction(v) - won for v, won in zip(final, result.won, strict=True)]
    for pot in result.pots:
        for seat in pot.winners:
            out[seat] += Fraction(pot.amount, len(pot.winners))
    return out


def _number(text: str, what: str) -> Decimal:
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise ACPCError(f"{what} {text!r} is not a number") from None
    if not value.is_finite():
        raise ACPCError(f"{what} {text!r} is not a number")
    return value


def _parse_state(body: str, line: int) -> ACPCHand:
    fields = body.split(":")
    if len(fields) != 6:
        raise ACPCError(
            f"a STATE line has 6 fields (STATE:hand:betting:cards:nets:names), this one "
            f"{len(fields)}{' (truncated?)' if len(fields) < 6 else ''}: {body!r}"
        )
    _, number, betting, cards, nets, names = fields
    if not re.fullmatch(r"[0-9]+", number):
        raise ACPCError(f"the hand number {number!r} is not a whole number")
    hole, board = parse_state_cards(cards)
    net_values = tuple(_number(v, "the net value") for v in nets.split("|"))
    name_list = tuple(names.split("|"))
    if not len(hole) == len(net_values) == len(name_list):
        raise ACPCError(
            f"{len(hole)} players' cards, {len(net_values)} net values and "
            f"{len(name_list)} names: they must agree (truncated?)"
        )
    slack = sum((rounding_error(v) for v in net_values), Decimal(0))
    if abs(sum(net_values, Decimal(0))) > slack:
        raise ACPCError(f"the net values {nets!r} do not sum to zero")
    return ACPCHand(int(number), parse_betting(betting), hole, board, net_values, name_list, line)


def _parse_log(text: str, source: str | None) -> ACPCLog:
    hands: list[ACPCHand] = []
    comments: list[str] = []
    score: tuple[tuple[Decimal, ...], tuple[str, ...]] | None = None
    header: re.Match[str] | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\r\n")
        try:
            if not line.strip():
                continue
            if line.startswith(("#", ";")):
                comments.append(line)
                header = header or _HEADER.match(line)
            elif line.startswith("STATE:"):
                if score is not None:
                    raise ACPCError("a STATE line after the SCORE line")
                hands.append(_parse_state(line, number))
            elif line.startswith("SCORE:"):
                if score is not None:
                    raise ACPCError("a second SCORE line")
                parts = line.split(":")
                if len(parts) != 3:
                    raise ACPCError(f"a SCORE line is SCORE:totals:names, not {line!r}")
                totals = tuple(_number(v, "the score") for v in parts[1].split("|"))
                names = tuple(parts[2].split("|"))
                if len(totals) != len(names):
                    raise ACPCError(f"{len(totals)} scores for {len(names)} names")
                score = (totals, names)
            else:
                raise ACPCError(
                    f"not a log line: {line[:60]!r} (lines are '#' comments, STATE:... or "
                    f"SCORE:...)"
                )
        except ACPCError as exc:
            raise ACPCError(exc.reason, source=source, where=f"line {number}") from None
    if not hands:
        raise ACPCError("no STATE lines: not an ACPC dealer log (or an empty one)", source=source)
    return ACPCLog(
        hands=tuple(hands),
        comments=tuple(comments),
        score=score,
        match_name=header.group(1) if header else None,
        game_file=header.group(2) if header else None,
        hand_count=int(header.group(3)) if header else None,
        seed=int(header.group(4)) if header else None,
    )
