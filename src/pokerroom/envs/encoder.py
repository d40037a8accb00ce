"""The observation encoder behind :meth:`ObservationLayout.encode
<pokerroom.envs.observation.ObservationLayout.encode>`: what it writes per call is only
what changed since its last call.

Everything in the vector but the observer's hole cards and its choices is public and the
same for every seat, up to where its slots sit.  :class:`Encoder` keeps that public part
once, in *hand seat* order (slot ``h`` of a per-seat block is the hand's seat ``h``),
and brings it up to date by comparing what the hand shows now (stacks, bets, chips put
in, folds, the board, the street, the seat to act, the betting record) with what it
wrote last time: only the seats whose numbers differ are written again.  A seat's vector
is then one gather through a table of indices, kept per seating (observer, seats dealt
in, button): relative slot ``r`` of a per-seat block reads hand seat ``h`` of the table
seat ``(seat + r) % N``, or a constant 0 or 1 for a seat not dealt in (folded: 1), and
the button one-hot reads the 1 or the 0 slot.  The observer's hole cards are read from
a block of card slots of its own beside the public part (a seat dealt in has its cards
written there the first time it is observed in a hand, the last hand's cleared), and the
choices from their slots of the public part, written for the seat to act; so a seating's
two tables (without and with the choices) serve every hand as they are, never copied.

Four moves are written without the full comparison.  One action since the last update
(the caller's stamps consecutive): only the seat that acted has new chips, so its slots,
the seat to act, the pot and the raises are written (:meth:`Encoder._step`); when that
action closed its betting round and the next one is under way, also the bets cleared,
the street and its board cards, the round just closed keeping its row of the betting so
far (:meth:`Encoder._next_round`); when that action was a fold that left one seat, which
took the pot, that seat's chips, the fold, the bets cleared and the hand over
(:meth:`Encoder._won_uncontested`).  And a hand still at its opening (the forced bets
posted and the cards dealt, nothing else) takes the public part kept from an earlier
hand of the same plan and stacks, with one copy (:meth:`Encoder._keep_opening`).  The
full comparison is left for a hand's end at the showdown and for any gap between two
looks.  These reads
are of the hand's own lists and fields (read only, as the table reads them): they run at
every step of an environment, where a property's new tuple each costs more than the
write it serves.

The vector is value for value the one the plain encoding gives (the tests compare the
two at every decision of random hands); the cache is one hand's, started again when the
hand, the table's hand number or the betting record change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

import numpy as np
from numpy.typing import NDArray

from pokerroom.engine import ActionKind, Street
from pokerroom.engine.events import DEAL as _DEALT

if TYPE_CHECKING:
    from pokerroom.engine import Hand, LegalActions
    from pokerroom.envs.observation import BettingRecord, ObservationLayout
    from pokerroom.table import Table

__all__ = ["Encoder"]

_OVER: Final = int(Street.SHOWDOWN)  # the street slot that says the hand is over
_BET, _RAISE = ActionKind.BET, ActionKind.RAISE
_GATHERS: Final = 4096  # the most seatings whose index tables are kept
_PER_SEAT: Final = ("to_act", "folded", "all_in", "stack", "bet", "committed")
_OPENINGS: Final = 256  # the most openings kept

Gathers = tuple[NDArray[np.intp], NDArray[np.intp]]
"""The index tables of a seat's vector, without and with its choices."""

Opening = tuple[NDArray[np.float32], list[int], list[bool], list[int], list[int], int]
"""A hand's public part at its opening, with the stacks, folds, bets and chips written and
the seat to act."""


class Encoder:
    """One layout's encoder, with the public part of the hand it last encoded."""

    __slots__ = (
        "_bets",
        "_board",
        "_cards",
        "_closed",
        "_committed",
        "_folded",
        "_gathers",
        "_hand",
        "_layout",
        "_legal",
        "_mine",
        "_number",
        "_one",
        "_openings",
        "_private",
        "_public",
        "_record",
        "_rounds",
        "_row",
        "_scale",
        "_slot",
        "_stacks",
        "_stamp",
        "_to_act",
        "_view",
        "_zero",
    )  # fmt: skip

    def __init__(self, layout: ObservationLayout) -> None:
        self._layout = layout
        size = layout.size
        self._zero, self._one = size, size + 1  # the constant slots
        self._scale = layout.scale
        # then a block of card slots per table seat: its hole cards in the hand (see _own)
        self._private = size + 2
        self._public = np.zeros(size + 2 + layout.players * layout.cards, dtype=np.float32)
        self._public[self._one] = 1.0
        self._view = cast("memoryview[float]", self._public.data)  # the cheapest writes
        self._cards: list[tuple[int, ...]] = [()] * layout.players  # each block's cards
        # the index tables of each seating's vectors, without and with the choices
        self._gathers: dict[tuple[int, tuple[int, ...], int], Gathers] = {}
        self._hand: Hand | None = None
        self._record: BettingRecord | None = None
        self._number = -1
        self._stamp: object = None  # the caller's stamp of the table last brought up to date
        self._forget(0)
        # the public part at the opening of a hand, by plan and stacks (see _keep_opening)
        self._openings: dict[tuple[object, tuple[int, ...]], Opening] = {}
        # the index tables of each seat's vectors in this hand, and the choices written
        self._mine: dict[int, Gathers] = {}
        self._legal: LegalActions | None = None

    def _forget(self, k: int) -> None:
        """Nothing written yet (for a hand of ``k`` seats): every comparison will differ."""
        # (no seat has -1 chips; a seat's fold is written with its stack)
        self._stacks: list[int] = [-1] * k
        self._folded: list[bool] = [False] * k
        self._bets: list[int] = [-1] * k
        self._committed: list[int] = [-1] * k
        self._board = 0  # the board cards written
        self._slot = -1  # the street slot written
        self._to_act = -1  # the hand seat to act written
        self._rounds: tuple[int, ...] | None = None  # the record's round written (its start)
        self._closed = -1  # and how many rounds it had closed
        self._row = -1  # and the round in play's (the row of the betting so far it is in)

    def encode(
        self,
        table: Table,
        seat: int,
        record: BettingRecord,
        legal: LegalActions | None,
        stamp: object = None,
    ) -> NDArray[np.float32]:
        """The observation of table seat ``seat`` (see :meth:`ObservationLayout.encode
        <pokerroom.envs.observation.ObservationLayout.encode>`).

        ``stamp`` (not None) is the caller's promise that the table, the hand and the
        record are as they were at the last call with the same stamp, the record noted:
        the public part is then up to date and is not compared again (an environment
        stamps each state its steps make; several seats' observations of one state cost
        one update)."""
        hand = table.hand
        if hand is None:
            self._stamp = None
            return np.zeros(self._layout.size, dtype=np.float32)
        if stamp is None or stamp != self._stamp:
            if stamp is None:
                record.note(table)
            if (
                hand is not self._hand
                or record is not self._record
                or table.hand_number != self._number
            ):
                if not self._start(table, hand, record):
                    self._update(hand, record)
                    self._keep_opening(hand)
            elif not (type(stamp) is int and stamp - 1 == self._stamp and self._step(hand, record)):
                # (one step since the last update: only its seat's chips can have changed)
                self._update(hand, record)
            self._stamp = stamp
        # Seat ``seat``'s vector from the public part, up to date.
        gathers = self._mine.get(seat)
        if gathers is None:
            gathers = self._own(table, hand, seat)
        # (an index array in brackets: a third less time than ``take`` for these sizes,
        # whose arguments cost more to parse than the copy itself)
        if legal is None:
            return self._public[gathers[0]]
        if legal is not self._legal:
            # The choices of the seat to act, into their slots of the public part (only
            # the acting seat's vector reads them).
            layout, v, scale = self._layout, self._view, self._scale
            v[layout.to_call] = legal.to_call * scale
            v[layout.call] = legal.call * scale
            kinds = legal.kinds
            if _BET in kinds or _RAISE in kinds:  # (legal.can_raise, without its frame)
                v[layout.min_to] = legal.min_to * scale
                v[layout.max_to] = legal.max_to * scale
            else:
                v[layout.min_to] = v[layout.max_to] = 0.0
            self._legal = legal
        return self._public[gathers[1]]

    def _step(self, hand: Hand, record: BettingRecord) -> bool:
        """The public part after one action of the seat last written to act, in the
        round last written (else False, nothing written): that seat's stack, fold,
        all-in, bet and chips, the seat to act, the pot and the raises.

        It reads the hand's own lists (read only, as the table does): this runs once
        per step of an environment."""
        h = self._to_act
        if h < 0:
            return False
        if hand._street != self._slot or record.start is not self._rounds:
            # (a hand over at the showdown: its street moved and nobody is to act)
            return self._next_round(hand, record)
        if len(record.closed) != self._closed:
            return False
        if hand._over:  # on the street written: everyone else folded (_won_uncontested)
            self._won_uncontested(hand, h, record.street, record.start)
            return True
        bet = hand._bets[h]
        if bet != self._bets[h]:  # (a check or a fold puts nothing in)
            self._bets[h] = bet
            self._view[self._layout.bet + h] = bet * self._scale
        self._acted(hand, h, record.street, record.start)
        return True

    def _acted(self, hand: Hand, h: int, row: int, start: tuple[int, ...] | None) -> None:
        """Hand seat ``h``, which has just acted: its fold, or its stack, all-in and chips
        put in with its chips in row ``row`` of the betting so far (those since
        ``start``), the pot and the raises; then the seat to act now.

        Only what the action changed is written: the seat was to act, so it had neither
        folded nor gone all-in (as its slots say), and a check or a fold moves no chip
        (nor the raises)."""
        layout, v = self._layout, self._view
        chips = hand._committed[h]
        if hand._folded[h]:
            self._folded[h] = True
            v[layout.folded + h] = 1.0
        elif chips != self._committed[h]:
            scale = self._scale
            self._stacks[h] = behind = hand._stacks[h]
            self._committed[h] = chips
            v[layout.stack + h] = behind * scale
            if not behind:
                v[layout.all_in + h] = 1.0
            v[layout.committed + h] = chips * scale
            v[layout.street_chips + row * layout.players + h] = (
                chips - start[h] if start is not None else chips
            ) * scale
            v[layout.pot] = sum(hand._committed) * scale
            v[layout.raises] = float(hand._raises)
        to_act = layout.to_act
        v[to_act + h] = 0.0
        t = hand._to_act
        if t >= 0:
            v[to_act + t] = 1.0
        self._to_act = t

    def _won_uncontested(self, hand: Hand, h: int, row: int, start: tuple[int, ...] | None) -> None:
        """Hand seat ``h``, which was to act, folded and the last seat left took the pot
        (the hand is over on the street written): its fold, nobody to act, the winner's
        stack, all-in and chips put in (the part of its bet nobody called came back),
        every bet cleared, the street slot of a hand over, no pot and no raises.

        Nothing else moved: a fold puts no chip in, and the hand gives the pot and the
        uncalled part of a bet only to the seat left (``_close_bets``, ``_pay``)."""
        layout, v, scale = self._layout, self._view, self._scale
        self._folded[h] = True
        v[layout.folded + h] = 1.0
        v[layout.to_act + h] = 0.0
        self._to_act = -1
        w = hand._folded.index(False)
        self._stacks[w] = behind = hand._stacks[w]
        v[layout.stack + w] = behind * scale
        v[layout.all_in + w] = 0.0 if behind else 1.0
        chips = hand._committed[w]
        if chips != self._committed[w]:
            self._committed[w] = chips
            v[layout.committed + w] = chips * scale
            v[layout.street_chips + row * layout.players + w] = (
                chips - start[w] if start is not None else chips
            ) * scale
        self._close_street(_OVER)
        v[layout.pot] = 0.0
        v[layout.raises] = 0.0

    def _close_street(self, slot: int) -> None:
        """The street written closed: every bet cleared and the street slot moved to
        ``slot`` (the next street's, or the slot of a hand over)."""
        layout, v = self._layout, self._view
        bet = layout.bet
        for i, was in enumerate(self._bets):
            if was:
                v[bet + i] = 0.0
        self._bets = [0] * len(self._bets)
        v[layout.street + self._slot] = 0.0
        v[layout.street + slot] = 1.0
        self._slot = slot

    def _own(self, table: Table, hand: Hand, seat: int) -> Gathers:
        """The index tables of ``seat``'s vectors in this hand, without and with its
        choices (its seating's), its hole cards written into its block of card slots."""
        seats = table.seats_in_hand
        key = (seat, seats, table.button)
        gathers = self._gathers.get(key)
        if gathers is None:
            gathers = self._gather(*key)
        if seat in seats:
            # The dealer hands the observer its own cards, as at a real table.
            v = self._view
            block = self._private + seat * self._layout.cards
            for card in self._cards[seat]:
                v[block + card] = 0.0
            # (the hand's own pair, an immutable tuple: hole_codes without its call and copy)
            cards = self._cards[seat] = hand._holes[seats.index(seat)]
            for card in cards:
                v[block + card] = 1.0
        self._mine[seat] = gathers
        return gathers

    def _next_round(self, hand: Hand, record: BettingRecord) -> bool:
        """The public part after one action of the seat last written to act that closed
        its betting round, the next round under way with nobody's chips in yet (else
        False, nothing written): that seat's chips, the bets cleared, the street and
        its board cards, the seat to act, the pot and the raises.

        The round just closed keeps its row of the betting so far as written, but for
        the seat that acted: what the record closes it with is the chips put in since
        its start, which is what the row held for the round in play."""
        h, street, t = self._to_act, hand._street, hand._to_act
        if street != self._slot + 1 or t < 0 or record.street != street:
            return False
        # Nobody else's chips moved: a round that closes with another to play had two
        # seats with chips match its top bet (or none was made), so no part of it goes
        # back (an uncalled bet is returned only as the hand ends: the full comparison).
        self._acted(hand, h, self._row, self._rounds)
        layout, v = self._layout, self._view
        v[layout.raises] = float(hand._raises)  # (none yet in the new round)
        self._close_street(street)
        board = hand._board
        for card in board[self._board :]:
            v[layout.board + card] = 1.0
        self._board = len(board)
        self._row = street
        self._rounds = record.start
        self._closed = len(record.closed)
        return True

    def _start(self, table: Table, hand: Hand, record: BettingRecord) -> bool:
        """A new hand (or table, or record): the public part from nothing, or as kept
        from an earlier hand at its opening (then up to date: True)."""
        self._hand, self._record, self._number = hand, record, table.hand_number
        self._mine = {}
        self._legal = None
        kept = self._openings.get((hand._plan, hand._starting))
        if (
            kept is not None
            and hand._log[-1][0] == _DEALT  # nothing since the forced bets and the deal
            and record.hand is hand
            and record.start is None
        ):
            public, stacks, folded, bets, committed, self._to_act = kept
            self._public[: self._zero] = public
            self._stacks, self._folded = stacks.copy(), folded.copy()
            self._bets, self._committed = bets.copy(), committed.copy()
            self._board = 0
            self._slot = self._row = 0
            self._rounds = None
            self._closed = 0
            return True
        self._public[: self._zero] = 0.0
        self._forget(hand.n)
        return False

    def _keep_opening(self, hand: Hand) -> None:
        """Keep the public part of a hand at its opening (the forced bets posted and the
        cards dealt, nothing else), for the next hands of the same plan and stacks."""
        if hand._log[-1][0] != _DEALT or self._slot != 0 or self._rounds is not None:
            return
        openings = self._openings
        if len(openings) >= _OPENINGS:
            openings.clear()
        openings[hand._plan, hand._starting] = (
            self._public[: self._zero].copy(), self._stacks.copy(), self._folded.copy(),
            self._bets.copy(), self._committed.copy(), self._to_act,
        )  # fmt: skip

    def _update(self, hand: Hand, record: BettingRecord) -> None:
        """Write what changed since the last call into the public part."""
        layout, v = self._layout, self._view
        in_play = not hand._over
        slot = hand._street if in_play else _OVER
        if slot != self._slot:  # (the board is dealt only as the street changes)
            if self._slot >= 0:
                v[layout.street + self._slot] = 0.0
            v[layout.street + slot] = 1.0
            self._slot = slot
            board = hand._board
            if len(board) != self._board:
                for card in board[self._board :]:  # (the board only grows in a hand)
                    v[layout.board + card] = 1.0
                self._board = len(board)
        t = hand._to_act
        if t != self._to_act:  # (hand seats, as the block's slots)
            if self._to_act >= 0:
                v[layout.to_act + self._to_act] = 0.0
            if t >= 0:
                v[layout.to_act + t] = 1.0
            self._to_act = t
        self._seats(hand)
        committed = self._chips(hand, record)
        if in_play:
            v[layout.pot] = sum(committed) * self._scale
            v[layout.raises] = float(hand._raises)
        else:
            v[layout.pot] = 0.0
            v[layout.raises] = 0.0

    def _seats(self, hand: Hand) -> None:
        """Stacks, folds, all-ins and bets of the seats whose numbers changed."""
        layout, v, scale = self._layout, self._view, self._scale
        stacks, folded = hand._stacks, hand._folded
        if stacks != self._stacks or folded != self._folded:
            stack, fold, all_in = layout.stack, layout.folded, layout.all_in
            was_stacks, was_folded = self._stacks, self._folded
            for h, behind in enumerate(stacks):
                out = folded[h]
                if behind != was_stacks[h] or out != was_folded[h]:
                    v[stack + h] = behind * scale
                    v[fold + h] = 1.0 if out else 0.0
                    v[all_in + h] = 0.0 if out or behind else 1.0
            self._stacks, self._folded = stacks.copy(), folded.copy()
        bets = hand._bets
        if bets != self._bets:
            bet, was = layout.bet, self._bets
            for h, chips in enumerate(bets):
                if chips != was[h]:
                    v[bet + h] = chips * scale
            self._bets = bets.copy()

    def _chips(self, hand: Hand, record: BettingRecord) -> list[int]:
        """Chips put in this hand and the betting so far (:meth:`BettingRecord.chips`):
        the rounds closed written again when the record moved on to a new round, the
        round in play (or the last one) for the seats whose chips changed."""
        layout, v, scale = self._layout, self._view, self._scale
        n = layout.players
        committed = hand._committed
        start = record.start
        closed = record.closed
        if start is not self._rounds or len(closed) != self._closed:
            # a new round: the whole block again (rows of rounds closed, then the round
            # in play from nothing)
            self._public[layout.street_chips : layout.street_chips + 4 * n] = 0.0
            for s, chips in closed:
                row = layout.street_chips + s * n
                for h, c in enumerate(chips):
                    v[row + h] = c * scale
            self._rounds = start
            self._closed = len(closed)
            self._row = record.street
            self._committed = [-1] * len(committed)
        if committed == self._committed:
            return committed
        com, was = layout.committed, self._committed
        current = layout.street_chips + record.street * n
        for h, c in enumerate(committed):
            if c != was[h]:
                v[com + h] = c * scale
                v[current + h] = (c - start[h] if start is not None else c) * scale
        self._committed = committed.copy()
        return committed

    def _gather(self, seat: int, seats: tuple[int, ...], button: int) -> Gathers:
        """The index tables of ``seat``'s vectors for this seating, without and with its
        choices: where each of their slots is read from (kept for the next observations).
        """
        layout = self._layout
        n = layout.players
        gather = np.arange(layout.size, dtype=np.intp)
        where = {t: h for h, t in enumerate(seats)}
        if seat in where:  # its hole cards: its block (else the public part's 0s)
            block = self._private + seat * layout.cards
            gather[layout.hole : layout.hole + layout.cards] = np.arange(
                block, block + layout.cards, dtype=np.intp
            )
        for r in range(n):
            t = (seat + r) % n
            h = where.get(t)
            gather[layout.button + r] = self._one if t == button else self._zero
            gather[layout.dealt_in + r] = self._zero if h is None else self._one
            for name in _PER_SEAT:
                start = layout.index(name)
                if h is not None:
                    gather[start + r] = start + h
                else:  # not dealt in: folded, nothing else
                    gather[start + r] = self._one if name == "folded" else self._zero
            for s in range(4):
                row = layout.street_chips + s * n
                gather[row + r] = self._zero if h is None else row + h
        acting = gather.copy()
        for slot in (layout.to_call, layout.call, layout.min_to, layout.max_to):
            gather[slot] = self._zero  # (the choices are the acting seat's)
        if len(self._gathers) >= _GATHERS:
            self._gathers.clear()
        gathers = self._gathers[seat, seats, button] = (gather, acting)
        return gathers
