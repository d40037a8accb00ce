"""Hand-history files of any kind, hand by hand: ``.phh``, ``.phhs``, ACPC logs,
PokerStars text and OHH (``.ohh``).

:func:`replays` reads a file and replays each hand, yielding an :class:`Outcome` per
hand: the replay, or the error that stopped it (a bad hand does not stop the others).
A file that cannot be read at all raises :class:`~pokerroom.history.errors.HistoryError`.

The kind of a file is its suffix (``.phh``, ``.phhs``, ``.log``, ``.ohh``); other files
are recognised by their first line (ACPC logs start with ``#`` comments and ``STATE:``,
PHH with a ``key = value`` line or a ``[hand]`` header, PokerStars text with
``PokerStars Hand #``, OHH with ``{``), and any other file is refused as not a hand
history.  An ACPC log needs its game definition: given, or the one its
header names, found beside the log.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerroom.history.acpc import DealtCards, GameDef
from pokerroom.history.acpclog import ACPCLog, rounding_error
from pokerroom.history.acpcreplay import replay_acpc, rules_from_gamedef
from pokerroom.history.errors import ACPCError, HistoryError, PHHError, read_text
from pokerroom.history.phh import PHHHand, iter_hands, loads
from pokerroom.history.replay import Replay, replay_phh

__all__ = [
    "KINDS",
    "SNIFFED",
    "SUFFIXES",
    "Outcome",
    "file_kind",
    "find_game",
    "is_hand_history",
    "replays",
]

SUFFIXES: Final = {".phh": "phh", ".phhs": "phhs", ".log": "acpc", ".ohh": "ohh"}
"""The kind of a hand-history file by its suffix (other files: by their first line)."""
SNIFFED: Final = (".txt", ".json")
"""Suffixes of files whose kind is told by their first line (PokerStars text, OHH)."""
KINDS: Final = "PHH (.phh, .phhs), ACPC dealer logs (.log), PokerStars text and OHH (.ohh)"
"""What :func:`replays` reads, for messages."""
_TOML_KEY = re.compile(r"[A-Za-z_][\w-]*\s*=")


@dataclass(frozen=True, slots=True)
class Outcome:
    """One hand of a file: ``label`` names it (``[3]`` in a ``.phhs``, ``hand 17`` in a
    log, empty for a ``.phh``); exactly one of ``replay`` and ``error`` is set.
    ``whole_file``: the error is about the file, not one of its hands (a log's missing
    or wrong ``SCORE`` line)."""

    source: str
    label: str
    replay: Replay | None = None
    error: HistoryError | None = None
    whole_file: bool = False

    @property
    def name(self) -> str:
        return f"{self.source} {self.label}".strip()


def file_kind(path: str | Path, text: str) -> str:
    """``'phh'``, ``'phhs'``, ``'acpc'``, ``'pokerstars'`` or ``'ohh'``; :class:`HistoryError`
    for any other file.

    >>> file_kind("hand.txt", "# a hand\\nvariant = 'NT'\\n")
    'phh'
    >>> file_kind("README.md", "# pokerroom\\nA cardroom.\\n")
    Traceback (most recent call last):
    ...
    pokerroom.history.errors.HistoryError: README.md: not a hand history: replay reads PHH ...
    """
    kind = SUFFIXES.get(Path(path).suffix.lower())
    if kind is not None:
        return kind
    for line in text.lstrip("\ufeff").splitlines():
        stripped = line.strip()
        if stripped.startswith("PokerStars "):
            return "pokerstars"
        if stripped.startswith(("{", "[{")):
            return "ohh"
        if not stripped or stripped.startswith(("#", ";")):
            continue
        if stripped.startswith(("STATE:", "SCORE:")):
            return "acpc"
        if stripped.startswith("[") and stripped.endswith("]"):
            return "phhs"
        if _TOML_KEY.match(stripped):
            return "phh"
        break
    raise HistoryError(f"not a hand history: replay reads {KINDS}", source=str(path))


def is_hand_history(path: str | Path) -> bool:
    """Whether a ``.txt`` or ``.json`` file begins as PokerStars text or OHH does (its
    first kilobyte)."""
    if Path(path).suffix.lower() not in SNIFFED:
        return False
    try:
        with open(path, "rb") as handle:
            head = handle.read(1024).decode("utf-8", errors="replace")
    except OSError:
        return False
    first = next((line.strip() for line in head.lstrip("\ufeff").splitlines() if line.strip()),
                 "")  # fmt: skip
    return first.startswith(("PokerStars ", '{"ohh"', "[{"))


def find_game(log: ACPCLog, path: str | Path) -> GameDef:
    """The game definition a log's header names, looked for beside the log."""
    if log.game_file is None:
        raise ACPCError(
            "the log does not name its game definition: give one with --game GAMEDEF",
            source=str(path),
        )
    candidate = Path(path).parent / Path(log.game_file).name
    if not candidate.is_file():
        raise ACPCError(
            f"the log's game definition {log.game_file!r} is not beside it: give it with "
            f"--game GAMEDEF (none of the log's {len(log.hands)} hands was replayed)",
            source=str(path),
        )
    return GameDef.load(candidate)


def replays(
    path: str | Path, *, game: GameDef | None = None, seed: int | None = None
) -> Iterator[Outcome]:
    """Replay every hand of a file (see the module doc).

    ``seed`` (default: the one an ACPC log's header states) fills in the cards a log
    hides, from the reference dealer's deal.
    """
    source = str(path)
    text = read_text(path, "the file", PHHError)
    kind = file_kind(path, text)
    if kind == "acpc":
        yield from _acpc(text, source, game, seed)
        return
    if kind == "phh":
        hand = loads(text, source=source)
        yield _replay_phh(source, "", hand, None)
        return
    if kind == "pokerstars":
        yield from _stars(text, source)
        return
    if kind == "ohh":
        yield from _ohh(text, source)
        return
    for key, item in iter_hands(text, source=source):
        label = f"[{key}]"
        if isinstance(item, PHHError):
            yield Outcome(source, label, error=item)
        else:
            yield _replay_phh(source, label, item, key)


def _stars(text: str, source: str) -> Iterator[Outcome]:
    from pokerroom.history.starsread import iter_pokerstars
    from pokerroom.history.starsreplay import replay_stars

    for item in iter_pokerstars(text, source=source):
        if isinstance(item, HistoryError):
            yield Outcome(source, f"{item.where or ''}".strip(), error=item)
            continue
        label = f"hand #{item.number}"
        try:
            replay = replay_stars(item)
        except HistoryError as exc:
            where = exc.where or f"line {item.line}"
            yield Outcome(source, label, error=exc.located(source=source, where=label)
                          if exc.where else type(exc)(exc.reason, source=source,
                                                      where=f"{label} ({where})"))  # fmt: skip
            continue
        yield Outcome(source, label, replay=replay)


def _ohh(text: str, source: str) -> Iterator[Outcome]:
    from pokerroom.history.ohh import ohh_hand, parse_ohh
    from pokerroom.history.starsreplay import replay_stars

    for k, item in enumerate(parse_ohh(text, source=source), 1):
        label = f"hand {k}"
        if isinstance(item, HistoryError):
            yield Outcome(source, label, error=item.located(source=source))
            continue
        try:
            replay = replay_stars(ohh_hand(item))
        except HistoryError as exc:
            yield Outcome(source, label, error=exc.located(source=source, where=label))
            continue
        yield Outcome(source, label, replay=replay)


def _replay_phh(source: str, label: str, hand: PHHHand, key: str | None) -> Outcome:
    try:
        replay = replay_phh(hand, label=key)
    except HistoryError as exc:
        return Outcome(source, label, error=exc.located(source=source, where=label or None))
    return Outcome(source, label, replay=replay)


def _acpc(text: str, source: str, game: GameDef | None, seed: int | None) -> Iterator[Outcome]:
    log = ACPCLog.parse(text, source=source)
    if game is None:
        game = find_game(log, source)
    players = sorted({len(h.hole) for h in log.hands} - {game.num_players})
    if players:  # the wrong game definition: one message for the file, not one per hand
        raise ACPCError(
            f"{' or '.join(map(str, players))} players in the log, {game.num_players} in the "
            f"game definition: give the log's own with --game GAMEDEF (none of its "
            f"{len(log.hands)} hands was replayed)",
            source=source,
        )
    try:
        rules = rules_from_gamedef(game)
    except HistoryError as exc:
        raise ACPCError(
            f"the game definition cannot be played: {exc.reason}", source=source
        ) from None
    seed = seed if seed is not None else log.seed
    needs_cards = any(not all(h.hole) for h in log.hands)
    if needs_cards and seed is None:
        raise ACPCError(
            "the log hides some hole cards and states no seed to deal them: give --seed",
            source=source,
        )
    deals = game.deals(seed) if needs_cards and seed is not None else None
    dealt_so_far = -1
    dealt: DealtCards | None = None
    totals: dict[str, Decimal] = {}
    for hand in log.hands:
        label = f"hand {hand.number}"
        where = f"line {hand.line}"
        if deals is not None:
            if hand.number <= dealt_so_far:
                deals = game.deals(seed or 0)
                dealt_so_far = -1
            while dealt_so_far < hand.number:
                dealt = next(deals)
                dealt_so_far += 1
        for name, net in zip(hand.names, hand.nets, strict=True):
            totals[name] = totals.get(name, Decimal(0)) + net
        try:
            replay = replay_acpc(hand, game, rules=rules, dealt=dealt)
        except HistoryError as exc:
            yield Outcome(source, label, error=exc.located(source=source, where=where))
            continue
        yield Outcome(source, label, replay=replay)
    if log.score is None:
        error = ACPCError("the log has no SCORE line (truncated?)", source=source)
        yield Outcome(source, "SCORE", error=error, whole_file=True)
        return
    for name, score in zip(log.score[1], log.score[0], strict=True):
        total = totals.get(name, Decimal(0))
        slack = sum((rounding_error(h.nets[h.names.index(name)]) for h in log.hands
                     if name in h.names), rounding_error(score))  # fmt: skip
        if abs(total - score) > slack:
            error = ACPCError(
                f"{name}'s SCORE {score} is not the sum of their nets ({total})", source=source
            )
            yield Outcome(source, "SCORE", error=error, whole_file=True)
