"""A bot league: every pair heads-up and the whole field at one table, in duplicate.

**Duplicate.** A match deals a sequence of hands, then deals the *same* hands again with
the players moved round the table, once for each seat: with k players each deal is
played k times, each player holding each seat's cards once.  What the cards give one
seat they give every player in turn, so luck cancels out of the totals.  Stacks reset
every hand (as in ACPC matches), so each hand is scored alone.

**Results** are in milli-big-blinds per hand (mbb/hand: 1,000 × chips won per hand ÷
the big blind, ``Rules.big_blind``).  The *unit* of the statistics is the duplicate set:
one deal played in every seat arrangement.  A player's chips won over a set are one
observation; the mean over the sets, divided by the k hands of a set, is its result, and
the 95% interval is Student's *t* interval over the set totals.  The k hands of a set
(same cards) are strongly correlated, so they are never counted as independent hands.

A match is played in sessions of at most ``session`` deals (each a separate task, run
anywhere); a session is one seat arrangement playing a block of deals with fresh bots.
Every session's cards come from the run's seed, the match and the block alone.

**AIVAT** (``aivat=True``): each heads-up hand's chips are corrected for the luck of
the cards, and of the actions of bots whose strategy is known, before they are added up
(:mod:`~pokerroom.tournament.aivat`): the same expectation, a narrower interval.  The
plain duplicate results are kept beside them (``plain``); the full-table match stays
plain.

**Ranking**: by the average of a player's heads-up results against every other player
(the ACPC's "total bankroll" ranking); its interval combines the independent matches'.

>>> from pokerroom.rules import Rules
>>> league = League(Rules.preset("no-limit"), ("random", "rule-based", "calling-station"),
...                 ("random", "rule-based", "calling-station"), hands=10, seed=1, session=3)
>>> [m.label for m in league.matches()]  # doctest: +NORMALIZE_WHITESPACE
['random vs rule-based', 'random vs calling-station', 'rule-based vs calling-station',
 'the field (3 players)']
>>> for task in league.tasks()[:4]:
...     print(f"{task.label}: {task.max_hands} hands, seats {task.players}")
random vs rule-based, deals 1-3: 3 hands, seats ('random', 'rule-based')
random vs rule-based, deals 1-3, seats moved 1: 3 hands, seats ('rule-based', 'random')
random vs rule-based, deals 4-5: 2 hands, seats ('random', 'rule-based')
random vs rule-based, deals 4-5, seats moved 1: 2 hands, seats ('rule-based', 'random')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from pokerroom.rules import Rules
from pokerroom.tournament.aivat import aivat_problem
from pokerroom.tournament.freezeout import TournamentError, at_least_one, check_players
from pokerroom.tournament.games import GameTask
from pokerroom.tournament.records import GameRecord
from pokerroom.tournament.seeds import derive
from pokerroom.tournament.stats import Estimate, combine, mean_interval

__all__ = ["League", "LeagueResults", "Match", "MatchResult", "Ranked"]

SESSION = 500


@dataclass(frozen=True, slots=True)
class Match:
    """Players (entrant indexes) who play each other: a pair, or the whole field."""

    index: int
    entrants: tuple[int, ...]
    label: str
    deals: int


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A match's result for each of its entrants, in mbb/hand, over ``sets`` duplicate
    sets (deals)."""

    match: Match
    results: dict[int, Estimate]
    sets: int
    plain: dict[int, Estimate] | None = None
    """With AIVAT, the plain duplicate results the corrected ``results`` replace."""


@dataclass(frozen=True, slots=True)
class Ranked:
    """A player's place in the ranking: the average of its heads-up results, and its
    result at the full table (None with two players)."""

    entrant: int
    name: str
    heads_up: Estimate
    field: Estimate | None
    faults: int
    plain: Estimate | None = None
    """With AIVAT, the plain duplicate average of the heads-up results."""


@dataclass(frozen=True, slots=True)
class LeagueResults:
    matches: list[MatchResult]
    ranking: list[Ranked]

    def heads_up(self, a: int, b: int) -> Estimate:
        """``a``'s result against ``b`` heads-up (mbb/hand)."""
        for m in self.matches:
            if len(m.match.entrants) == 2 and set(m.match.entrants) == {a, b}:
                return m.results[a]
        raise KeyError(f"no match between {a} and {b}")

    def plain_heads_up(self, a: int, b: int) -> Estimate | None:
        """With AIVAT, ``a``'s plain duplicate result against ``b`` (else None)."""
        for m in self.matches:
            if len(m.match.entrants) == 2 and set(m.match.entrants) == {a, b}:
                return None if m.plain is None else m.plain[a]
        raise KeyError(f"no match between {a} and {b}")


@dataclass(frozen=True, slots=True)
class League:
    """A duplicate league of ``players`` under ``rules``: each match plays ``hands``
    hands (rounded up to whole duplicate sets: ``ceil(hands / k)`` deals, each played in
    each of the k seat arrangements)."""

    rules: Rules
    players: tuple[str, ...]
    names: tuple[str, ...]
    hands: int
    seed: int
    session: int = SESSION
    field: bool = True
    budget: float = 10.0
    aivat: bool = False

    def __post_init__(self) -> None:
        check_players(self.players, self.names, "a league has")
        at_least_one("hands", self.hands)
        at_least_one("session (deals)", self.session)
        problem = aivat_problem(self.rules, 2) if self.aivat else None
        if problem is not None:
            raise TournamentError(f"--aivat: {problem}")

    def settings(self) -> dict[str, Any]:
        """Everything that decides the results, as plain data."""
        return {
            "rules": self.rules.to_mapping(),
            "players": list(self.players),
            "hands": self.hands,
            "seed": self.seed,
            "session": self.session,
            "field": self.field,
            "budget": self.budget,
        } | ({"aivat": True} if self.aivat else {})

    @property
    def big_blind(self) -> int:
        return self.rules.big_blind or self.rules.units[0]

    def matches(self) -> list[Match]:
        n = len(self.players)
        groups: list[tuple[int, ...]] = list(combinations(range(n), 2))
        if self.field and n > 2:
            groups.append(tuple(range(n)))
        out = []
        for i, group in enumerate(groups):
            k = len(group)
            label = (f"{self.names[group[0]]} vs {self.names[group[1]]}" if k == 2
                     else f"the field ({k} players)")  # fmt: skip
            out.append(Match(i, group, label, math.ceil(self.hands / k)))
        return out

    def tasks(self, *, histories: bool = False, log: bool = False) -> list[GameTask]:
        """The sessions of every match: for each block of deals, one per seat
        arrangement (entrant ``group[i]`` in seat ``(i + r) % k`` in arrangement r)."""
        out: list[GameTask] = []
        for m in self.matches():
            group, k = m.entrants, len(m.entrants)
            for start in range(0, m.deals, self.session):
                block = min(self.session, m.deals - start)
                seed = derive(self.seed, "match", m.index, "deals", start)
                for r in range(k):
                    seated = [group[(s - r) % k] for s in range(k)]
                    moved = f", seats moved {r}" if r else ""
                    out.append(GameTask(
                        index=len(out),
                        label=f"{m.label}, deals {start + 1}-{start + block}{moved}",
                        rules=self.rules, players=tuple(self.players[e] for e in seated),
                        entrants=tuple(seated), names=tuple(self.names[e] for e in seated),
                        seed=seed, button=0, reset_stacks=True, max_hands=block,
                        bot_salt=r, budget=self.budget, histories=histories, log=log,
                        aivat=self.aivat and k == 2,
                    ))  # fmt: skip
        return out

    def results(self, records: Sequence[GameRecord]) -> LeagueResults:
        """The league table from every session's record (all of them: a match is scored
        on whole duplicate sets)."""
        tasks = self.tasks()
        if len(records) != len(tasks):
            raise TournamentError(f"{len(records)} sessions of {len(tasks)} played")
        by_index = {r.index: r for r in records}
        scale = 1000 / self.big_blind
        matches: list[MatchResult] = []
        cursor = 0
        for m in self.matches():
            group, k = m.entrants, len(m.entrants)
            totals = {e: [0.0] * m.deals for e in group}
            plain = {e: [0.0] * m.deals for e in group}
            for start in range(0, m.deals, self.session):
                for _ in range(k):
                    record = by_index[tasks[cursor].index]
                    cursor += 1
                    for seat in record.seats:
                        corrected = self.aivat and k == 2
                        if corrected and len(seat.adjusted) != len(seat.nets):
                            raise TournamentError(f"{record.label}: no AIVAT results kept")
                        for d, net in enumerate(seat.nets):
                            plain[seat.entrant][start + d] += net
                            totals[seat.entrant][start + d] += (
                                seat.adjusted[d] if corrected else net)  # fmt: skip
            results = {e: mean_interval([t / k for t in totals[e]]).scaled(scale)
                       for e in group}  # fmt: skip
            before = ({e: mean_interval([t / k for t in plain[e]]).scaled(scale) for e in group}
                      if self.aivat and k == 2 else None)  # fmt: skip
            matches.append(MatchResult(m, results, m.deals, before))
        faults = [0] * len(self.players)
        for r in records:
            for seat in r.seats:
                faults[seat.entrant] += seat.faults
        return LeagueResults(matches, self._rank(matches, faults))

    def _rank(self, matches: list[MatchResult], faults: list[int]) -> list[Ranked]:
        n = len(self.players)
        ranked = []
        for e in range(n):
            pairs = [m.results[e] for m in matches
                     if len(m.match.entrants) == 2 and e in m.match.entrants]  # fmt: skip
            field = next((m.results[e] for m in matches if len(m.match.entrants) > 2), None)
            weights = [1 / len(pairs)] * len(pairs)
            heads_up = combine(pairs, weights)
            plain = [m.plain[e] for m in matches
                     if m.plain is not None and e in m.match.entrants]  # fmt: skip
            before = combine(plain, weights) if len(plain) == len(pairs) else None
            ranked.append(Ranked(e, self.names[e], heads_up, field, faults[e], before))
        ranked.sort(key=lambda r: (-r.heads_up.value, r.entrant))
        return ranked
