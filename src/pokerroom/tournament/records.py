"""What a played game or match leaves behind: plain, picklable records, the same whether
the game was played here, in a worker process, on a Ray node or read back from the
results database.

A *game* is one freeze-out of a tournament, or one session of a league match (a run of
hands with stacks reset every hand).  Each seat's record says who sat there (the
*entrant*: an index into the run's list of players), where it finished, and the chips it
won in each hand (``nets``), from which every statistic is computed.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate

__all__ = ["GameRecord", "SeatRecord"]


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat of a game.  ``place`` is its finishing place (None when nobody is placed:
    league sessions), ``hands`` the hands it was dealt into, ``faults`` how many times
    the table played its default action for it, ``nets`` its chips won in each hand of
    the game (0 once out); ``adjusted``, in a session played with AIVAT
    (:mod:`~pokerroom.tournament.aivat`), each hand's chips won less its luck (empty
    otherwise)."""

    seat: int
    entrant: int
    player: str
    place: int | None
    hands: int
    faults: int
    nets: tuple[int, ...]
    adjusted: tuple[float, ...] = ()

    @property
    def won(self) -> int:
        """Chips won over the game (negative: lost)."""
        return sum(self.nets)

    def stacks(self, start: int) -> list[int]:
        """Its stack after each hand, from ``start`` chips.

        >>> SeatRecord(0, 0, "random", 2, 3, 0, (5, -10, -995)).stacks(1000)
        [1000, 1005, 995, 0]
        """
        return list(accumulate(self.nets, initial=start))


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game or league session: its index in the run, a label, its seed, the hands
    played, each seat, the faults (one line each), and, when asked for, every hand as
    PHH text and as a readable history."""

    index: int
    label: str
    seed: int
    hands: int
    seats: tuple[SeatRecord, ...]
    faults: tuple[str, ...] = ()
    phh: tuple[str, ...] = ()
    log: str = ""

    def seat_of(self, entrant: int) -> SeatRecord:
        """The seat record of an entrant (its first seat, if it has several)."""
        for s in self.seats:
            if s.entrant == entrant:
                return s
        raise KeyError(f"entrant {entrant} has no seat in game {self.index}")

    def without_histories(self) -> GameRecord:
        """The record without its hand histories (as the database gives it back when
        the hands were not stored)."""
        return GameRecord(self.index, self.label, self.seed, self.hands, self.seats,
                          self.faults)  # fmt: skip

    def summary(self) -> GameRecord:
        """The record without its hand histories and with each seat's ``nets`` added up
        into one entry (its chips won over the game): what standings need, a few hundred
        bytes where the nets of a long game take hundreds of kilobytes.

        >>> seat = SeatRecord(0, 0, "random", 2, 3, 0, (5, -10, -995))
        >>> GameRecord(0, "game 1", 7, 3, (seat,)).summary().seats[0].nets
        (-1000,)
        """
        seats = tuple(SeatRecord(s.seat, s.entrant, s.player, s.place, s.hands, s.faults,
                                 (s.won,)) for s in self.seats)  # fmt: skip
        return GameRecord(self.index, self.label, self.seed, self.hands, seats, self.faults)
