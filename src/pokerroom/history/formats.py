"""Hands exported in every format pokerroom writes: PokerStars text, OHH, PHH, ACPC logs.

:func:`export_hands` is what ``pokerroom convert``, the terminal game's hand history,
the tournaments and the room call: hands in, one file's text out, with the hands the
format cannot hold listed apart with the reason (a hand is refused, never written
wrong).  An ACPC log needs its game definition: it comes with the log
(``Export.companions``), worked out from the first hand (:func:`acpc_game`), and a hand
that game would not replay the same is refused.

>>> import random
>>> from pokerroom.engine import Hand
>>> from pokerroom.rules import Rules
>>> hand = Hand(Rules.preset("casino-limit"), [100, 100], button=1, rng=random.Random(4))
>>> hand.fold()
>>> out = export_hands([PlayedHand.from_hand(hand, names=["Ann", "Bo"])], "acpc")
>>> print(out.text, end="")
# name/game/hands/seed pokerroom pokerroom.game 1 0
STATE:1:f:9s3h|JdKd:1|-1:Ann|Bo
SCORE:1|-1:Ann|Bo
>>> list(out.companions)
['pokerroom.game']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from pokerroom.engine.events import EventKind
from pokerroom.history.acpc import NO_RAISE_CAP, Betting, GameDef
from pokerroom.history.acpclog import ACPCHand
from pokerroom.history.acpcreplay import _standard_first_players, replay_acpc, to_acpc
from pokerroom.history.errors import HistoryError
from pokerroom.history.ohh import dumps_ohh, to_ohh
from pokerroom.history.phh import dumps_all
from pokerroom.history.pokerstars import Tournament, dumps_pokerstars, to_pokerstars
from pokerroom.history.record import PlayedHand, forced_bets, to_phh
from pokerroom.rules import Structure

__all__ = ["FORMATS", "Export", "acpc_game", "export_hands", "export_phh"]

FORMATS = {"pokerstars": ".txt", "ohh": ".ohh", "phh": ".phhs", "acpc": ".log"}
"""The formats and the suffix of their files."""


@dataclass(frozen=True, slots=True)
class Export:
    """One file of hands in one format: its ``text`` (empty when no hand could be
    written), how many hands it holds, the hands refused (label, reason), and any file
    that goes with it (an ACPC log's game definition: name -> text)."""

    format: str
    text: str
    written: int
    refused: tuple[tuple[str, str], ...] = ()
    companions: dict[str, str] = field(default_factory=dict)


def _label(played: PlayedHand, index: int) -> str:
    return f"hand {played.label}" if played.label is not None else f"hand {index + 1}"


def _number(played: PlayedHand, index: int) -> int:
    read = played.label_number()
    return index + 1 if read is None else read


def export_hands(
    hands: Iterable[PlayedHand],
    fmt: str,
    *,
    hero: str | None = None,
    tournament: Tournament | None = None,
    when: str | None = None,
    name: str = "pokerroom",
) -> Export:
    """Every hand in format ``fmt`` (one of :data:`FORMATS`), in one file's text.

    ``hero`` (PokerStars, OHH): whose hole cards are dealt to (the others' only where
    shown; a hand the hero is not in is written as watched: every card it knows);
    ``tournament``: the tournament the hands belong to (PokerStars, OHH);
    ``when``: the date in UTC (``2024/05/01 20:15:00``) of hands whose record has none
    (PokerStars writes it in Eastern time, OHH in UTC); ``name``:
    the ACPC game definition's and match's name.  An unknown format is a
    :class:`HistoryError`.
    """
    if fmt not in FORMATS:
        raise HistoryError(f"unknown format {fmt!r} (formats: {', '.join(FORMATS)})")
    pieces: list[Any] = []
    refused: list[tuple[str, str]] = []
    log = _AcpcLog(name)
    if fmt == "ohh" and when:
        when = when.replace("/", "-").replace(" ", "T") + "Z"
    for index, played in enumerate(hands):
        number = _number(played, index)
        names = played.names or ()
        mine = hero if hero in names else None  # a hand without the hero: as watched
        try:
            if fmt == "acpc":
                log.add(played, number)
            else:
                piece = _written(fmt, played, hero=mine, tournament=tournament, when=when,
                                 number=number)  # fmt: skip
                pieces.append(piece)
        except HistoryError as exc:
            refused.append((_label(played, index), exc.reason))
    if fmt == "acpc":
        return Export(fmt, log.text(), len(log.lines), tuple(refused), log.companions())
    return Export(fmt, _DUMPS[fmt](pieces) if pieces else "", len(pieces), tuple(refused))


def _written(
    fmt: str,
    played: PlayedHand,
    *,
    hero: str | None,
    tournament: Tournament | None,
    when: str | None,
    number: int,
) -> Any:
    """One hand in format ``fmt`` (not ACPC): PokerStars text, an OHH object or a PHH
    document, as :data:`_DUMPS` joins them into a file."""
    if fmt == "pokerstars":
        return to_pokerstars(played, hero=hero, tournament=tournament, when=when,
                             number=number)  # fmt: skip
    if fmt == "ohh":
        return to_ohh(played, hero=hero, tournament=tournament, when=when, number=number)
    return to_phh(played)


# each format but ACPC: its hands (as _written gives them) in one file's text
_DUMPS: dict[str, Callable[[list[Any]], str]] = {
    "pokerstars": dumps_pokerstars,
    "ohh": dumps_ohh,
    "phh": dumps_all,
}


class _AcpcLog:
    """An ACPC match log being written: its game (from the first hand written), its
    ``STATE:`` lines, each player's total."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.game: GameDef | None = None
        self.lines: list[str] = []
        self.totals: dict[str, Decimal] = {}

    def add(self, played: PlayedHand, number: int) -> None:
        """One more hand (:class:`HistoryError`, and no line written, if it cannot be
        one of this game's)."""
        self.game = self.game or acpc_game(played)
        line = _acpc_line(played, self.game, number)
        self.lines.append(str(line))
        for who, net in zip(line.names, line.nets, strict=True):
            self.totals[who] = self.totals.get(who, Decimal(0)) + net

    def _game_file(self) -> str:
        return f"{self.name}.game"

    def text(self) -> str:
        if self.game is None or not self.lines:
            return ""
        return _acpc_log(self.name, self._game_file(), self.lines, self.totals, len(self.lines))

    def companions(self) -> dict[str, str]:
        """The game definition's file (name -> text), with any hand written."""
        if self.game is None or not self.lines:
            return {}
        return {self._game_file(): str(self.game)}


def _acpc_log(name: str, game_file: str, lines: list[str], totals: dict[str, Decimal],
              count: int) -> str:  # fmt: skip
    """An ACPC match log of ``count`` hands, these ``STATE:`` lines, its ``SCORE:`` line
    the ``totals`` of each player."""
    score = "|".join(_net_text(v) for v in totals.values())
    return "\n".join([f"# name/game/hands/seed {name} {game_file} {count} 0",
                      *lines, f"SCORE:{score}:{'|'.join(totals)}"]) + "\n"  # fmt: skip


def export_phh(texts: Iterable[str], fmt: str, **options: Any) -> Export:
    """:func:`export_hands` of hands kept as PHH documents (the terminal game's hand
    history, a tournament's ``--db-hands``, a game record's hands): each is replayed
    first, and one that cannot be is refused with the reason."""
    from pokerroom.history.phh import loads
    from pokerroom.history.replay import replay_phh

    hands: list[PlayedHand] = []
    unreadable: list[tuple[str, str]] = []
    for k, text in enumerate(texts, 1):
        try:
            hands.append(replay_phh(loads(text)).played)
        except HistoryError as exc:
            unreadable.append((f"hand {k}", str(exc)))
    out = export_hands(hands, fmt, **options)
    if not unreadable:
        return out
    return dataclasses.replace(out, refused=(*unreadable, *out.refused))


def _net_text(value: Decimal) -> str:
    text = format(value, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


# -------------------------------------------------------------------------------- ACPC


def acpc_game(played: PlayedHand) -> GameDef:
    """The ACPC game definition of a hand: its betting (limit or no limit), its stacks
    and blinds by position, the bet sizes and raise caps of a limit game, the standard
    order of play.  :class:`HistoryError` for a game ACPC cannot define (pot limit, wild
    cards, antes, 001's button blind and straddle)."""
    rules = played.rules
    n = played.players
    if rules.structure is Structure.POT_LIMIT:
        raise HistoryError("an ACPC game is limit or no limit: it has no pot limit")
    if rules.wild is not None and (rules.wild.any or rules.joker):
        raise HistoryError("an ACPC game has no wild cards or joker")
    if rules.button_blind or rules.straddle:
        raise HistoryError("an ACPC game has no button blind or straddle (001's)")
    if any(rules.ante_amounts(n)):
        raise HistoryError("an ACPC game has no antes")
    limit = rules.structure is Structure.FIXED_LIMIT
    blinds = forced_bets(rules, n)[1]
    caps: list[int] = []
    for r, cap in enumerate(rules.raise_caps):
        if cap is None:
            caps.append(NO_RAISE_CAP)
        else:
            opened_by_blind = r == 0 and max(blinds) > 0
            caps.append(cap if opened_by_blind else cap + 1)
    positions = [played.seat(p) for p in range(n)]
    game = GameDef(
        betting=Betting.LIMIT if limit else Betting.NOLIMIT,
        num_players=n,
        num_rounds=4,
        stack=tuple(played.starting[s] for s in positions),
        blind=tuple(blinds),
        raise_size=tuple(rules.units) if limit else (0, 0, 0, 0),
        first_player=(0, 0, 0, 0),
        max_raises=tuple(caps) if limit else (NO_RAISE_CAP,) * 4,
        num_suits=4,
        num_ranks=13,
        num_hole_cards=2,
        num_board_cards=(0, 3, 1, 1),
    )
    game = dataclasses.replace(game, first_player=_standard_first_players(game))
    try:
        return GameDef.parse(str(game))  # what the dealer accepts
    except HistoryError as exc:
        raise HistoryError(f"no ACPC game definition holds it: {exc.reason}") from None


def _acpc_line(played: PlayedHand, game: GameDef, number: int) -> ACPCHand:
    """The hand's ``STATE:`` line, checked: replayed under ``game`` it must give the same
    hand (the same actions, cards and nets), else it is refused."""
    n = played.players
    if n != game.num_players:
        raise HistoryError(f"{n} players, and the log's game has {game.num_players}")
    stacks = tuple(played.starting[played.seat(p)] for p in range(n))
    if stacks != game.stack:
        raise HistoryError(
            f"stacks {' '.join(map(str, stacks))}, and the log's game resets every hand to "
            f"{' '.join(map(str, game.stack))}"
        )
    if played.hidden:
        raise HistoryError("an ACPC log shows every player's cards, and this record lacks some")
    line = to_acpc(played, game, number=number)
    try:
        replay = replay_acpc(line, game)
    except HistoryError as exc:
        raise HistoryError(
            f"the ACPC dealer's rules for this game would not play it: {exc.reason}"
        ) from None
    result, again = played.result, replay.played.result
    assert result is not None
    same_actions = _actions(replay.played) == _actions(played)
    if again is None or not same_actions or tuple(again.net) != tuple(
        result.net[played.seat(p)] for p in range(n)):  # fmt: skip
        raise HistoryError(
            "the ACPC dealer's rules for this game would play this hand otherwise (the "
            "hand was played under other conventions)"
        )
    return line


_ACTS = (EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET, EventKind.RAISE)


def _actions(played: PlayedHand) -> list[tuple[int, EventKind, int]]:
    return [(played.position(e.seat), e.kind, e.amount) for e in played.events
            if e.kind in _ACTS]  # fmt: skip
