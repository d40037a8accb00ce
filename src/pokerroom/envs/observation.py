"""The observation vector: what one seat may see of the hand, as a fixed-size array.

:class:`ObservationLayout` says where everything is (its docstring lists every index)
and encodes a seat's observation from the table (incrementally: ``pokerroom.envs.encoder``);
:class:`BettingRecord` keeps the chips each seat put in on each street, which the vector
carries as the betting so far.

The vector holds the seat's own hole cards and never another seat's: everything else in
it (the board, stacks, bets, folds, the button, the legal amounts) is public.
"""

from __future__ import annotations

from operator import sub
from typing import TYPE_CHECKING, Final

import numpy as np
from numpy.typing import NDArray

from pokerroom.envs.encoder import Encoder

if TYPE_CHECKING:
    from pokerroom.engine import Hand, LegalActions
    from pokerroom.table import Table

__all__ = ["BettingRecord", "ObservationLayout"]

_BETTING = 4  # pre-flop, flop, turn, river


class BettingRecord:
    """The chips each seat put in on each street of the table's current (or last) hand.

    It notes, the first time it sees each betting round of a hand, what every seat had put
    in before that round (``committed - bets``); :meth:`note` must be called at least once
    in every round in which somebody decides (an environment calls it before every
    decision), and a round nobody decides in has no betting.  The chips of round ``s``
    are then the difference between the starts of consecutive rounds, and for the round in
    play (or, once the hand is over, the last round anybody bet in) what was put in since
    it started.  Antes and blinds count as pre-flop chips; an uncalled bet returned to its
    owner does not count.
    """

    __slots__ = ("closed", "hand", "start", "street")

    def __init__(self) -> None:
        self.hand: Hand | None = None  # the hand noted
        self.street = 0  # the last betting round noted
        self.start: tuple[int, ...] | None = None  # chips put in before it (None: none)
        self.closed: list[tuple[int, tuple[int, ...]]] = []  # (round, chips) before it

    def note(self, table: Table) -> None:
        """Note the betting round in play (cheap when it has been noted already)."""
        hand = table.hand
        if hand is not self.hand:
            self.hand = hand
            self.street = 0
            self.start = None
            self.closed = []
        if hand is None or hand._over:  # (the hand's own fields, read only: once a step)
            return
        street = hand._street
        if street != self.street and street < _BETTING:
            # (the differences by map, in C: the lists are the hand's, one entry a seat)
            start = tuple(map(sub, hand._committed, hand._bets))
            before = self.start
            chips = start if before is None else tuple(map(sub, start, before))
            if any(chips):
                self.closed.append((self.street, chips))
            self.street = street
            self.start = start

    def chips(self, hand: Hand) -> list[tuple[int, tuple[int, ...]]]:
        """(round, chips each of the hand's seats put in) of every round with betting so
        far, the round in play (or the last one) included; rounds not listed had none."""
        committed = hand.committed
        start = self.start
        if start is None:
            return [*self.closed, (self.street, committed)]
        current = tuple(c - s for c, s in zip(committed, start, strict=True))
        return [*self.closed, (self.street, current)]


class ObservationLayout:
    """Where everything is in the observation vector of one seat (float32, fixed size).

    ``C`` is the number of card slots (52, or 53 when the pack has the joker), ``N`` the
    number of seats.  Seats are *relative*: slot ``r`` of a per-seat block is the seat
    ``r`` places to the observer's left (``(seat + r) % N``), so slot 0 is always the
    observer and slot 1 the next to act after it.  Chip amounts are in big blinds (the
    largest blind or 001's straddle; the smallest bet when there are no blinds).

    =========================  =====================  ========================================
    indices                    name                   value
    =========================  =====================  ========================================
    ``0 … C-1``                ``hole``               1 for each of the observer's hole cards;
                                                      index = the card's code, ``rank * 4 +
                                                      suit`` (``2c`` = 0, ``2d`` = 1 …
                                                      ``As`` = 51), the joker 52
    ``C … 2C-1``               ``board``              1 for each board card (same coding)
    ``2C … 2C+4``              ``street``             one-hot: pre-flop, flop, turn, river,
                                                      the hand is over
    ``2C+5 …`` (N)             ``button``             one-hot: the button's relative seat
    then (N)                   ``to_act``             one-hot: the relative seat to act (all
                                                      0 when nobody is)
    then (N)                   ``dealt_in``           1 for seats dealt into this hand
    then (N)                   ``folded``             1 for seats that folded (or are out)
    then (N)                   ``all_in``             1 for seats all-in (no chips left,
                                                      not folded)
    then (N)                   ``stack``              chips behind, big blinds
    then (N)                   ``bet``                chips in front of each seat this round
    then (N)                   ``committed``          chips each seat put in this hand
    then (4N)                  ``street_chips``       the betting so far: index ``s * N + r``
                                                      of the block holds what relative seat
                                                      ``r`` put in on street ``s`` (0
                                                      pre-flop with antes and blinds, 1 flop,
                                                      2 turn, 3 river)
    then 1                     ``pot``                every chip in the pot, bets included
    then 1                     ``to_call``            what the observer owes (0 unless it is
                                                      to act)
    then 1                     ``call``               what a call puts in (less than
                                                      ``to_call`` when it is all-in)
    then 1                     ``min_to``             smallest bet or raise, *to* amount (0
                                                      when the observer cannot bet)
    then 1                     ``max_to``             largest bet or raise (all-in in no limit)
    then 1                     ``raises``             raises made this betting round (what
                                                      the raise cap counts)
    =========================  =====================  ========================================

    The size is ``2C + 11 + 12N``: 139 heads-up, 187 six-handed (52 cards).  Heads-up with
    52 cards, for example: ``hole`` 0–51, ``board`` 52–103, ``street`` 104–108, ``button``
    109–110, ``to_act`` 111–112, ``dealt_in`` 113–114, ``folded`` 115–116, ``all_in``
    117–118, ``stack`` 119–120, ``bet`` 121–122, ``committed`` 123–124, ``street_chips``
    125–132, ``pot`` 133, ``to_call`` 134, ``call`` 135, ``min_to`` 136, ``max_to`` 137,
    ``raises`` 138.  :meth:`rows` lists the blocks and :meth:`describe` names any index.

    >>> layout = ObservationLayout(players=2, cards=52, total_chips=2000, unit=4)
    >>> layout.size, layout.index("pot"), layout.describe(126)
    (139, 133, 'street_chips: pre-flop, relative seat 1')
    """

    BLOCKS: Final = (
        ("hole", "C"), ("board", "C"), ("street", "5"), ("button", "N"), ("to_act", "N"),
        ("dealt_in", "N"), ("folded", "N"), ("all_in", "N"), ("stack", "N"), ("bet", "N"),
        ("committed", "N"), ("street_chips", "4N"), ("pot", "1"), ("to_call", "1"),
        ("call", "1"), ("min_to", "1"), ("max_to", "1"), ("raises", "1"),
    )  # fmt: skip
    """The blocks in order, with their sizes in ``C`` (card slots) and ``N`` (seats)."""

    _FLAGS: Final = frozenset(
        {"hole", "board", "street", "button", "to_act", "dealt_in", "folded", "all_in"}
    )
    _STREETS: Final = ("pre-flop", "flop", "turn", "river")

    def __init__(self, *, players: int, cards: int, total_chips: int, unit: int) -> None:
        self.players = players
        self.cards = cards
        self.unit = unit
        self.scale = 1.0 / unit
        sizes = {"C": cards, "N": players, "4N": 4 * players, "5": 5, "1": 1}
        self._starts: dict[str, int] = {}
        offset = 0
        for name, size in self.BLOCKS:
            self._starts[name] = offset
            offset += sizes[size]
        self._sizes = {name: sizes[size] for name, size in self.BLOCKS}
        self.size = offset
        s = self._starts
        (self.hole, self.board, self.street, self.button, self.to_act, self.dealt_in,
         self.folded, self.all_in, self.stack, self.bet, self.committed, self.street_chips,
         self.pot, self.to_call, self.call, self.min_to, self.max_to,
         self.raises) = (s[name] for name, _ in self.BLOCKS)  # fmt: skip
        self.low = np.zeros(self.size, dtype=np.float32)
        high = np.full(self.size, np.float32(total_chips * self.scale), dtype=np.float32)
        for name in self._FLAGS:
            high[s[name] : s[name] + self._sizes[name]] = 1.0
        # A raise adds a chip at least: a round has no more raises than there are chips.
        high[self.raises] = float(total_chips)
        self.high = high
        self._encoder = Encoder(self)  # (the AEC environment calls it directly)

    def index(self, name: str) -> int:
        """The first index of block ``name``."""
        return self._starts[name]

    def rows(self) -> list[tuple[str, int, int]]:
        """(name, first index, one past the last) of every block, in order."""
        return [(n, self._starts[n], self._starts[n] + self._sizes[n]) for n, _ in self.BLOCKS]

    def describe(self, index: int) -> str:
        """What index ``index`` of the vector holds."""
        for name, start, stop in self.rows():
            if start <= index < stop:
                k = index - start
                if name in ("hole", "board"):
                    from pokerroom.cards import Card

                    return f"{name}: {Card(k)}"
                if name == "street":
                    return f"street: {(*self._STREETS, 'hand over')[k]}"
                if name == "street_chips":
                    street, seat = divmod(k, self.players)
                    return f"street_chips: {self._STREETS[street]}, relative seat {seat}"
                if self._sizes[name] == self.players:
                    return f"{name}: relative seat {k}"
                return name
        raise IndexError(f"index {index} is outside the vector (0 to {self.size - 1})")

    def encode(
        self,
        table: Table,
        seat: int,
        record: BettingRecord,
        legal: LegalActions | None,
        stamp: object = None,
    ) -> NDArray[np.float32]:
        """The observation of table seat ``seat`` (a new array).  ``legal`` is that seat's
        choices when it is to act (else None); ``record`` the betting record the caller
        keeps.  The layout keeps the public part of the last hand it encoded and writes
        only what changed since (``pokerroom.envs.encoder``); a caller that knows when the
        table changes passes a ``stamp`` per state, and the record noted in that state,
        and the public part is brought up to date once per stamp."""
        return self._encoder.encode(table, seat, record, legal, stamp)

    def __repr__(self) -> str:
        return f"<ObservationLayout {self.size} values: {self.players} seats, {self.cards} cards>"
