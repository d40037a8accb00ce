"""The order cards come off the deck, and decks stacked for tests and replays.

A hand deals two hole cards to each player one at a time starting left of the button,
then (with ``burn_cards``) burn, flop, burn, turn, burn, river (``rules.md`` §4).

>>> from pokerroom.cards import format_cards, parse_cards
>>> deck = stacked_deck([parse_cards("As Ks"), parse_cards("Qh Qd")],
...                     parse_cards("2c 3c 4c 5c 6c"), button=1, burn_cards=False)
>>> format_cards(deck.deal(9))
'As Qh Ks Qd 2c 3c 4c 5c 6c'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from pokerroom.cards import JOKER, Card, Deck, DeckError, format_cards

__all__ = ["cards_needed", "deal_cards", "deal_order", "dealer", "split_dealer", "stacked_deck"]

BOARD_SIZES = (0, 3, 1, 1)
_POOLS: dict[int, list[int]] = {}  # every card of a deck of each size, in order
_CHUNKS: dict[tuple[int, int], tuple[tuple[int, tuple[tuple[int, int], ...]], ...]] = {}
_DEALERS: dict[tuple[int, int], Callable[[int], list[int]]] = {}
Front = tuple[list[int], list[int], int, int]
"""The first cards of a split deal, with where the deal stopped: the pool as the last
step left it, the shuffle not yet read and the digits of its group not yet used."""
_SPLITS: dict[tuple[int, int, int], tuple[Callable[[int], Front], Callable[..., list[int]]]] = {}


def cards_needed(players: int, *, burn_cards: bool) -> int:
    """How many cards one hand can take from the deck."""
    return 2 * players + 5 + (3 if burn_cards else 0)


def deal_cards(index: int, size: int, k: int) -> list[int]:
    """The ``k`` cards the shuffle ``index`` (below ``size × … × (size - k + 1)``) stands
    for (see :func:`~pokerroom.engine.plan.draw`): its mixed-radix digits, least
    significant first (radix ``size``, then ``size - 1``...), are the indices of a
    partial Fisher–Yates shuffle.  The digits are taken a group at a time (one division
    of the large integer per group whose radices multiply to a machine-size integer,
    then small divisions).

    >>> [deal_cards(index, 5, 3) for index in (0, 1, 5, 5 * 4 * 3 - 1)]
    [[0, 1, 2], [1, 0, 2], [0, 2, 1], [4, 0, 1]]
    """
    chunks = _CHUNKS.get((size, k))
    if chunks is None:
        chunks = _CHUNKS[(size, k)] = _chunks(size, k)
    pool = _POOLS.get(size)
    if pool is None:
        pool = _POOLS[size] = list(range(size))
    pool = pool.copy()
    x = index
    for product, radices in chunks:
        x, c = divmod(x, product)
        for i, m in radices:  # (the position dealt, and its radix)
            j = c % m + i
            c //= m
            pool[i], pool[j] = pool[j], pool[i]
    del pool[k:]
    return pool


def dealer(size: int, k: int) -> Callable[[int], list[int]]:
    """:func:`deal_cards` for one deck size and card count, as a function of the shuffle
    alone: the same steps written out one after the other, with the radices and the
    positions as constants (no loop over them), made once per ``(size, k)`` and kept.
    A hand turns its shuffle into cards with it (a fifth fewer instructions).

    >>> deal = dealer(5, 3)
    >>> [deal(index) for index in (0, 1, 5, 5 * 4 * 3 - 1)]
    [[0, 1, 2], [1, 0, 2], [0, 2, 1], [4, 0, 1]]
    """
    made = _DEALERS.get((size, k))
    if made is None:
        made = _DEALERS[(size, k)] = _write_dealer(size, k)
    return made


def _write_dealer(size: int, k: int) -> Callable[[int], list[int]]:
    """The function :func:`dealer` returns, written from :func:`_chunks` (its source is
    made of ints alone) and compiled.  Each step keeps the card it deals in a local and
    moves the card it replaces to where it was drawn from (the swap's other half is never
    read: later steps draw from later positions only), no digit is divided out after the
    last of its group, and the last group reads what is left of the shuffle as it is (its
    digits are the same as those of the remainder a division would leave)."""
    return _written(f"<dealer of {k} from {size}>", size, [
        "def deal(x):", "    pool = POOL.copy()", *_steps(size, k, 0, k),
        "    return [" + ", ".join(f"c{i}" for i in range(k)) + "]",
    ])  # fmt: skip


def split_dealer(
    size: int, k: int, first: int
) -> tuple[Callable[[int], Front], Callable[..., list[int]]]:
    """:func:`dealer` in two parts (``0 < first < k``): ``front(shuffle)`` deals the first
    ``first`` cards and says where it stopped, ``rest(*front(shuffle))`` deals the others
    from there and returns all ``k`` (the front's list, extended).  The cards are those
    :func:`dealer` deals: the same steps, cut in two.  A hand deals its hole cards with
    the front, and the board with the rest only if a flop is reached.

    >>> front, rest = split_dealer(5, 3, 1)
    >>> [front(index)[0] for index in (0, 1, 5, 5 * 4 * 3 - 1)]
    [[0], [1], [0], [4]]
    >>> [rest(*front(index)) for index in (0, 1, 5, 5 * 4 * 3 - 1)]
    [[0, 1, 2], [1, 0, 2], [0, 2, 1], [4, 0, 1]]
    """
    made = _SPLITS.get((size, k, first))
    if made is None:
        if not 0 < first < k:
            raise ValueError(f"a deal of {k} cards is split after 1 to {k - 1}, not {first}")
        front = _written(f"<front {first} of {k} from {size}>", size, [
            "def front(x):", "    pool = POOL.copy()", *_steps(size, k, 0, first),
            "    return [" + ", ".join(f"c{i}" for i in range(first)) + "], pool, x, c",
        ])  # fmt: skip
        rest = _written(f"<rest {k - first} of {k} from {size}>", size, [
            "def rest(cards, pool, x, c):", *_steps(size, k, first, k),
            "    cards += [" + ", ".join(f"c{i}" for i in range(first, k)) + "]",
            "    return cards",
        ])  # fmt: skip
        made = _SPLITS[size, k, first] = (front, rest)
    return made


def _steps(size: int, k: int, start: int, stop: int) -> list[str]:
    """The lines of the written-out dealer's steps that deal positions ``start`` to
    ``stop - 1``; a group begun before ``start`` goes on from its digits left in ``c``."""
    lines = []
    chunks = _chunks(size, k)
    for at, (product, radices) in enumerate(chunks):
        if radices[-1][0] < start or radices[0][0] >= stop:
            continue  # (no position of this group is dealt here)
        if radices[0][0] >= start:  # (a group begun here; the last reads what is left)
            last = at == len(chunks) - 1
            lines.append("    c = x" if last else f"    x, c = divmod(x, {product})")
        for i, m in radices:  # (the position dealt, and its radix)
            if not start <= i < stop:
                continue
            lines.append(f"    j = c % {m} + {i}" if i else f"    j = c % {m}")
            if (i, m) != radices[-1]:
                lines.append(f"    c //= {m}")
            lines.append(f"    c{i} = pool[j]")
            if i < k - 1:
                lines.append(f"    pool[j] = pool[{i}]")
    return lines


def _written(name: str, size: int, lines: list[str]) -> Callable[..., Any]:
    """The function of ``lines`` (source made of ints alone), compiled, with ``POOL`` the
    deck of ``size`` cards in order."""
    space: dict[str, object] = {"POOL": list(range(size))}
    exec(compile("\n".join(lines), name, "exec"), space)
    (made,) = (value for key, value in space.items() if key not in ("POOL", "__builtins__"))
    return made  # type: ignore[return-value]


def _chunks(size: int, k: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """The radices ``size, size - 1, … size - k + 1`` in groups whose product stays below
    ``2 ** 30`` (one machine digit), each with its product; each radix with the position
    it deals (0 for ``size``, 1 for ``size - 1``...).

    >>> _chunks(5, 3)
    ((60, ((0, 5), (1, 4), (2, 3))),)
    """
    out: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    radices: list[tuple[int, int]] = []
    product = 1
    for i, m in enumerate(range(size, size - k, -1)):
        if product * m >= 1 << 30:
            out.append((product, tuple(radices)))
            radices, product = [], 1
        radices.append((i, m))
        product *= m
    out.append((product, tuple(radices)))
    return tuple(out)


def deal_order(players: int, button: int, *, burn_cards: bool) -> list[tuple[str, int]]:
    """What each card off the deck is for, in order: ``("hole", seat)``, ``("burn", -1)``,
    ``("board", index)``.

    >>> deal_order(2, 1, burn_cards=False)[:4]
    [('hole', 0), ('hole', 1), ('hole', 0), ('hole', 1)]
    """
    order: list[tuple[str, int]] = []
    for _ in range(2):
        for p in range(players):
            order.append(("hole", (button + 1 + p) % players))
    index = 0
    for size in BOARD_SIZES[1:]:
        if burn_cards:
            order.append(("burn", -1))
        for _ in range(size):
            order.append(("board", index))
            index += 1
    return order


def stacked_deck(
    holes: Sequence[Sequence[int] | None],
    board: Sequence[int] = (),
    *,
    button: int,
    burn_cards: bool,
    joker: bool = False,
    rng: random.Random | None = None,
) -> Deck:
    """A deck that deals these hole cards (per seat, in seat order) and this board.

    Unknown cards (a seat given ``None`` or fewer than two cards, a board shorter than
    five) are filled with cards not named anywhere: the lowest codes first, or drawn
    by ``rng`` when given.  Burn cards are fillers too.  For replays (PHH, ACPC) whose
    cards are known.
    """
    players = len(holes)
    named: list[int] = []
    for seat, cards in enumerate(holes):
        if cards is not None and len(cards) > 2:
            raise DeckError(f"seat {seat} has {len(cards)} hole cards: {format_cards(cards)}")
        named.extend(int(c) for c in cards or ())
    if len(board) > 5:
        raise DeckError(f"a board has at most five cards, not {len(board)}: {format_cards(board)}")
    named.extend(int(c) for c in board)
    if len(set(named)) != len(named):
        dup = next(c for c in named if named.count(c) > 1)
        raise DeckError(f"{Card(dup)} is named twice in the cards to stack")
    if not joker and JOKER in named:
        raise DeckError("the joker is named but the deck has no joker")
    taken = set(named)
    spare = [c for c in range(JOKER + 1 if joker else JOKER) if c not in taken]
    if rng is not None:
        rng.shuffle(spare)
    spare.reverse()  # pop() takes from the front of the original order
    seen = [0] * players
    out: list[int] = []
    for what, index in deal_order(players, button, burn_cards=burn_cards):
        card: int | None = None
        if what == "hole":
            cards = holes[index]
            if cards is not None and seen[index] < len(cards):
                card = int(cards[seen[index]])
            seen[index] += 1
        elif what == "board" and index < len(board):
            card = int(board[index])
        out.append(spare.pop() if card is None else card)
    return Deck.stacked(out, joker=joker)
