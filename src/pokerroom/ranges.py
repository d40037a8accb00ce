"""Hand ranges: which two-card hands a player may hold, each with a weight.

The notation, read and written (``str(Range.parse(t))`` is canonical and parses back to
the same range):

=================  =====================================================================
``AhKh``           one combination (two cards)
``AKs`` ``AKo``    a suited or offsuit class (4 or 12 combinations)
``AK`` ``QQ``      both suited and offsuit (16); a pair (6)
``QQ+``            QQ and every higher pair
``ATs+`` ``KTo+``  the kicker up to one below the high card: ATs, AJs, AQs, AKs
``A5s-A2s``        the high card fixed, kickers between (either order)
``99-66``          the pairs between
``T9s-54s``        the gap fixed: T9s, 98s, 87s, 76s, 65s, 54s
``random``         every hand (``any`` too): 1,326 combinations
``AKs:0.5``        any entry with a weight in [0, 1] (``:50%`` too)
=================  =====================================================================

Entries are separated by commas and/or spaces.  A later entry overrides an earlier one for
the combinations they share, so ``random, AA:0`` is every hand but aces and ``AK, AKs:0.5``
holds AKo fully and AKs half the time.  A combination of weight 0 is not in the range.

>>> r = Range.parse("QQ+, AKs, AKo")
>>> str(r), len(r), r.combo_count
('QQ+, AK', 34, 34)
>>> str(Range.parse("A2s A3s A4s A5s 66 77 88 99 KQo:0.5 AhKh"))
'99-66, A5s-A2s, AhKh, KQo:0.5'
>>> Range.parse("AKx")
Traceback (most recent call last):
...
pokerroom.ranges.RangeError: not a hand or range: 'AKx' (character 1 of 'AKx'); write ...
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Final

from pokerroom.cards import SUIT_SYMBOLS, Card, CardError, Rank, format_cards, parse_cards
from pokerroom.starting import ALL_CLASSES, HandClass, grid

__all__ = ["COMBO_COUNT", "Range", "RangeError", "combo_cards", "combo_index"]

COMBO_COUNT: Final = 1326


def combo_index(a: int, b: int) -> int:
    """The index (0..1325) of the two distinct card codes a, b, in either order:
    colexicographic, ``hi * (hi - 1) // 2 + lo``."""
    hi, lo = (a, b) if a > b else (b, a)
    return hi * (hi - 1) // 2 + lo


_COMBOS: Final[tuple[tuple[Card, Card], ...]] = tuple(
    (Card(hi), Card(lo)) for hi in range(52) for lo in range(hi)
)


def combo_cards(index: int) -> tuple[Card, Card]:
    """The two cards of a combination index, higher code (rank, then suit) first."""
    return _COMBOS[index]


_CLASS_OF: Final[tuple[HandClass, ...]] = tuple(HandClass.of(a, b) for a, b in _COMBOS)
_CLASS_COMBOS: Final[dict[HandClass, tuple[int, ...]]] = {
    cls: tuple(combo_index(a, b) for a, b in cls.combos()) for cls in ALL_CLASSES
}

_CLASS_ORDER: Final[dict[HandClass, int]] = {cls: k for k, cls in enumerate(ALL_CLASSES)}

_FORMS: Final = (
    "write hands like 'AhKh', classes like 'AKs', 'AKo', 'AK', 'QQ', ranges like 'QQ+', "
    "'ATs+', 'A5s-A2s', '99-66', 'T9s-54s', or 'random'; a weight like 'AKs:0.5'"
)

_WEIGHTS: Final = "a weight is a number from 0 to 1 or a percentage, like 'AKs:0.5' or 'AKs:50%'"


class RangeError(ValueError):
    """Text that is not a range; ``token`` and ``position`` (0-based) point at the bad part."""

    def __init__(
        self, problem: str, text: str, token: str, position: int, hint: str = _FORMS
    ) -> None:
        self.text, self.token, self.position = text, token, position
        super().__init__(f"{problem}: {token!r} (character {position + 1} of {text!r}); {hint}")


# One entry, before its weight: a combination, a class, a plus-range or a dash range.
_CARD = rf"(?:10|[2-9TJQKA])[CDHS{''.join(SUIT_SYMBOLS)}]\ufe0f?"  # A♠ as well as As
_CLS = r"[2-9TJQKA]{2}[SO]?"
_ENTRY = re.compile(
    rf"(?P<combo>{_CARD}{_CARD})|(?P<any>RANDOM|ANY)"
    rf"|(?P<lo>{_CLS})(?:(?P<plus>\+)|-(?P<hi>{_CLS}))?",
    re.IGNORECASE,
)
_SEP = re.compile(r"[\s,]+")


def _classes(text: str) -> list[HandClass]:
    """The classes of a class token: ``AK`` is both AKs and AKo."""
    if len(text) == 2 and text[0].upper() != text[1].upper():
        return [HandClass.parse(text + "s"), HandClass.parse(text + "o")]
    return [HandClass.parse(text)]


def _plus(cls: HandClass) -> list[HandClass]:
    """``QQ+``: up to aces; ``ATs+``: the kicker up to one below the high card."""
    if cls.is_pair:
        return [HandClass(Rank(r), Rank(r), False) for r in range(cls.low, 13)]
    return [HandClass(cls.high, Rank(k), cls.suited) for k in range(cls.low, cls.high)]


def _dash(a: HandClass, b: HandClass) -> list[HandClass] | None:
    """``99-66``, ``A5s-A2s`` (high card fixed) or ``T9s-54s`` (gap fixed); None if the
    two ends do not make such a range."""
    if a.is_pair != b.is_pair or a.suited != b.suited:
        return None
    if a.is_pair:
        lo, hi = sorted((a.low, b.low))
        return [HandClass(Rank(r), Rank(r), False) for r in range(lo, hi + 1)]
    if a.high == b.high:
        lo, hi = sorted((a.low, b.low))
        return [HandClass(a.high, Rank(k), a.suited) for k in range(lo, hi + 1)]
    gap = a.high - a.low
    if gap == b.high - b.low:
        lo, hi = sorted((a.low, b.low))
        return [HandClass(Rank(k + gap), Rank(k), a.suited) for k in range(lo, hi + 1)]
    return None


def _weight(text: str, whole: str, token: str, position: int) -> float:
    try:
        value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise RangeError("not a weight", whole, token, position, _WEIGHTS) from None
    if not 0.0 <= value <= 1.0:  # also refuses nan
        raise RangeError("a weight must lie between 0 and 1", whole, token, position, _WEIGHTS)
    return value


def _entry_combos(m: re.Match[str], text: str, token: str, pos: int) -> list[int]:
    if m["any"]:
        return list(range(COMBO_COUNT))
    if m["combo"]:
        try:
            a, b = parse_cards(m["combo"])
        except CardError:
            raise RangeError("the same card twice", text, token, pos,
                             "a hand is two different cards, like 'AhKh'") from None
        return [combo_index(a, b)]
    try:
        low = _classes(m["lo"])
        if m["plus"]:
            classes = [c for cls in low for c in _plus(cls)]
        elif m["hi"]:
            high = _classes(m["hi"])
            if len(low) != len(high):
                raise RangeError("both ends of a dash range need the same suffix", text, token,
                                 pos)
            spans = [_dash(a, b) for a, b in zip(low, high, strict=True)]
            if any(s is None for s in spans):
                raise RangeError(
                    "a dash range keeps the high card (A5s-A2s), the gap (T9s-54s) or pairs "
                    "(99-66)", text, token, pos)
            classes = [c for s in spans if s is not None for c in s]
        else:
            classes = low
    except CardError:
        raise RangeError("not a hand or range", text, token, pos) from None
    return [i for cls in classes for i in _CLASS_COMBOS[cls]]


class Range:
    """An immutable, hashable set of two-card combinations with weights in (0, 1].

    Build one with :meth:`parse`, :meth:`of` (one hand) or from a mapping
    ``{(card, card): weight}`` / an iterable of two-card pairs (weight 1).
    """

    __slots__ = ("_hash", "_items", "_text", "_weights")

    def __init__(
        self, combos: Mapping[tuple[int, int], float] | Iterable[tuple[int, int]] = ()
    ) -> None:
        pairs = combos.items() if isinstance(combos, Mapping) else ((c, 1.0) for c in combos)
        weights: dict[int, float] = {}
        for cards, given in pairs:
            a, b = (int(c) for c in cards)
            if not (0 <= a < 52 and 0 <= b < 52) or a == b:
                raise CardError(f"not a two-card hand: {cards!r}")
            w = float(given)
            if not 0.0 <= w <= 1.0:
                raise ValueError(f"weight {w!r} of {format_cards((a, b), '')} not in [0, 1]")
            if w > 0.0:
                weights[combo_index(a, b)] = w
            else:
                weights.pop(combo_index(a, b), None)
        self._set(weights)

    def _set(self, weights: dict[int, float]) -> None:
        self._weights = weights
        self._items = tuple(sorted(weights.items()))
        self._hash = hash(self._items)
        self._text: str | None = None

    @classmethod
    def _of_weights(cls, weights: dict[int, float]) -> Range:
        r = cls.__new__(cls)
        r._set({i: w for i, w in weights.items() if w > 0.0})
        return r

    @classmethod
    def parse(cls, text: str) -> Range:
        """Read range notation (see the module docstring); raises :class:`RangeError`
        naming the bad entry and where it starts."""
        weights: dict[int, float] = {}
        pos = entries = 0
        n = len(text)
        while pos < n:
            sep = _SEP.match(text, pos)
            if sep:
                pos = sep.end()
                continue
            end = pos
            while end < n and not (text[end].isspace() or text[end] == ","):
                end += 1
            token = text[pos:end]
            body, colon, wtext = token.partition(":")
            m = _ENTRY.fullmatch(body)
            if m is None:
                raise RangeError("not a hand or range", text, token, pos)
            combos = _entry_combos(m, text, token, pos)
            w = _weight(wtext, text, token, pos) if colon else 1.0
            for i in combos:
                weights[i] = w
            entries += 1
            pos = end
        if not entries:
            raise RangeError("an empty range", text, text, 0, "give at least one hand or class")
        return cls._of_weights(weights)

    @classmethod
    def of(cls, a: int, b: int) -> Range:
        """The range of exactly one hand."""
        return cls([(a, b)])

    # --- reading it -------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._items)

    @property
    def combo_count(self) -> int:
        """How many combinations have a weight above 0."""
        return len(self._items)

    @property
    def total_weight(self) -> float:
        """The weighted number of combinations (``AKs:0.5`` counts 2)."""
        return math.fsum(w for _, w in self._items)

    @property
    def fraction(self) -> float:
        """The weighted share of all 1,326 starting hands."""
        return self.total_weight / COMBO_COUNT

    def __iter__(self) -> Iterator[tuple[Card, Card]]:
        return (_COMBOS[i] for i, _ in self._items)

    def items(self) -> list[tuple[tuple[Card, Card], float]]:
        """Every combination with its weight, in combination-index order."""
        return [(_COMBOS[i], w) for i, w in self._items]

    def indexed(self) -> tuple[tuple[int, float], ...]:
        """``(combination index, weight)`` pairs, sorted by index."""
        return self._items

    def weight(self, cards: Iterable[int] | str) -> float:
        """The weight of one hand (0.0 when it is not in the range)."""
        cs = parse_cards(cards) if isinstance(cards, str) else [int(c) for c in cards]
        if len(cs) != 2 or cs[0] == cs[1]:
            raise CardError(f"not a two-card hand: {cards!r}")
        return self._weights.get(combo_index(cs[0], cs[1]), 0.0)

    def __contains__(self, cards: object) -> bool:
        if not isinstance(cards, str | tuple | list):
            return False
        try:
            return self.weight(cards) > 0.0
        except (CardError, TypeError, ValueError):
            return False

    @property
    def is_hand(self) -> bool:
        """True for exactly one combination at weight 1."""
        return len(self._items) == 1 and self._items[0][1] == 1.0

    def class_weights(self) -> dict[HandClass, float]:
        """Each class that meets the range, with the weighted share of its combinations."""
        sums: dict[HandClass, list[float]] = {}
        for i, w in self._items:
            sums.setdefault(_CLASS_OF[i], []).append(w)
        return {cls: math.fsum(ws) / cls.combo_count for cls, ws in sums.items()}

    def grid(self) -> list[list[float]]:
        """The 13×13 chart of :func:`pokerroom.starting.grid` (aces first; pairs on the
        diagonal, suited above), each cell the weighted share of the class in the range."""
        shares = self.class_weights()
        return [[shares.get(cls, 0.0) for cls in row] for row in grid()]

    def without(self, cards: Iterable[int]) -> Range:
        """The range less every combination that holds one of ``cards`` (a board, dead
        cards or another player's hand)."""
        gone = {int(c) for c in cards}
        return Range._of_weights({
            i: w for i, w in self._items if not ({int(c) for c in _COMBOS[i]} & gone)
        })

    # --- value semantics --------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Range) and self._items == other._items

    def __hash__(self) -> int:
        return self._hash

    def __bool__(self) -> bool:
        return bool(self._items)

    def __repr__(self) -> str:
        return f"Range.parse({str(self)!r})" if self._items else "Range()"

    def __str__(self) -> str:
        if self._text is None:
            self._text = _format(self._weights)
        return self._text


# --- writing ---------------------------------------------------------------------------
def _runs(values: list[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive ints, as (low, high), highest run first."""
    runs: list[tuple[int, int]] = []
    for v in sorted(values, reverse=True):
        if runs and runs[-1][0] == v + 1:
            runs[-1] = (v, runs[-1][1])
        else:
            runs.append((v, v))
    return runs


def _class_tokens(classes: set[HandClass]) -> list[str]:
    """Compact tokens for a set of whole classes, best hands first: pair runs, kicker runs
    per high card (suited and offsuit merged where they agree), and chains of three or more
    lone classes with one gap (``T9s-76s``)."""
    spans: list[tuple[int, int, int, str]] = []  # (high, top kicker, low kicker, kind)
    pairs = [int(c.high) for c in classes if c.is_pair]
    spans += [(hi, hi, lo, "") for lo, hi in _runs(pairs)]
    for high in range(12, 0, -1):
        runs = {
            suited: _runs([int(c.low) for c in classes if c.high == high and not c.is_pair
                           and c.suited == suited])
            for suited in (True, False)
        }
        both = set(runs[True]) & set(runs[False])
        spans += [(high, hi, lo, "b") for lo, hi in both]
        spans += [(high, hi, lo, "s") for lo, hi in runs[True] if (lo, hi) not in both]
        spans += [(high, hi, lo, "o") for lo, hi in runs[False] if (lo, hi) not in both]
    # chains of lone classes with the same gap and kind: (top high, gap, kind) -> length
    lone = {(h, h - k, kind) for h, k, lo, kind in spans if kind and k == lo}
    chains: list[tuple[int, int, str, int]] = []
    for h, gap, kind in sorted(lone, reverse=True):
        if (h + 1, gap, kind) in lone:
            continue  # not the top of its chain
        length = 1
        while (h - length, gap, kind) in lone:
            length += 1
        if length >= 3:
            chains.append((h, gap, kind, length))
    chained = {(h - i, gap, kind) for h, gap, kind, n in chains for i in range(n)}
    tokens: list[tuple[tuple[int, ...], str]] = []
    order = {"": 3, "b": 2, "s": 1, "o": 0}
    for h, gap, kind, n in chains:
        k = "" if kind == "b" else kind
        top = Rank(h).char + Rank(h - gap).char + k
        bottom = Rank(h - n + 1).char + Rank(h - n + 1 - gap).char + k
        tokens.append(((h, h - gap, order[kind]), f"{top}-{bottom}"))
    for high, hi, lo, kind in spans:
        if (high, high - hi, kind) in chained and hi == lo:
            continue
        hc, k = Rank(high).char, "" if kind == "b" else kind
        if not kind:  # pairs
            p, q = Rank(hi).char * 2, Rank(lo).char * 2
            text = q + "+" if hi == 12 and lo < hi else q if lo == hi else f"{p}-{q}"
            tokens.append(((13, hi, 0), text))
            continue
        if lo == hi:
            text = f"{hc}{Rank(lo).char}{k}"
        elif hi == high - 1:
            text = f"{hc}{Rank(lo).char}{k}+"
        else:
            text = f"{hc}{Rank(hi).char}{k}-{hc}{Rank(lo).char}{k}"
        tokens.append(((high, hi, order[kind]), text))
    tokens.sort(key=lambda t: t[0], reverse=True)
    return [t for _, t in tokens]


def _format(weights: dict[int, float]) -> str:
    """The canonical text: weight groups from heaviest, whole classes compressed into
    plus and dash ranges, other combinations one by one."""
    if not weights:
        return ""
    whole: dict[float, set[HandClass]] = {}
    single: dict[float, list[int]] = {}
    members: dict[HandClass, list[int]] = {}
    for i in weights:
        members.setdefault(_CLASS_OF[i], []).append(i)
    for cls, held in members.items():
        ws = {weights[i] for i in held}
        if len(held) == cls.combo_count and len(ws) == 1:
            whole.setdefault(ws.pop(), set()).add(cls)
        else:
            for i in held:
                single.setdefault(weights[i], []).append(i)
    parts: list[str] = []
    for w in sorted(set(whole) | set(single), reverse=True):
        suffix = "" if w == 1.0 else f":{w!r}"
        classes = whole.get(w, set())
        tokens = ["random"] if len(classes) == len(ALL_CLASSES) else _class_tokens(classes)
        combos = sorted(single.get(w, []), key=lambda i: (_CLASS_ORDER[_CLASS_OF[i]], -i))
        tokens += [format_cards(_COMBOS[i], "") for i in combos]
        parts += [t + suffix for t in tokens]
    return ", ".join(parts)
