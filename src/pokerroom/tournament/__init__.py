"""Tournaments and bot leagues: many games of the same players, played anywhere, and results
a researcher can trust.

* :class:`Tournament`: freeze-outs to the last player; standings with wins, average finish
  and chips won per hand played, each with its 95% interval (:mod:`.freezeout`).
* :class:`League`: every pair heads-up and the whole field, in duplicate; results in
  milli-big-blinds per hand with intervals over duplicate sets, and a ranking
  (:mod:`.league`).
* Both turn into :class:`GameTask` s that :func:`play` plays into :class:`GameRecord` s,
  in this process, a process pool or on Ray (:func:`make_executor`; a
  :class:`GameRun` plays a run's games there, keeping their records); every game's seed
  comes from the run's seed and its index (:func:`derive`), so the results do not depend
  on where or in what order the games are played.

>>> from pokerroom.rules import Rules
>>> league = League(Rules.preset("no-limit"), ("calling-station", "random"),
...                 ("calling-station", "random"), hands=200, seed=1, session=50)
>>> with make_executor(workers=1) as executor:
...     records = dict(executor.run(play, league.tasks()))
>>> results = league.results([records[i] for i in sorted(records)])
>>> print(results.heads_up(0, 1))  # mbb/hand; 200 hands leave the interval wide
7830 ± 12255
"""

from pokerroom.tournament.executor import ExecutorError, make_executor
from pokerroom.tournament.freezeout import Standing, Tournament, TournamentError
from pokerroom.tournament.games import GameTask, play, play_timed
from pokerroom.tournament.league import League, LeagueResults
from pokerroom.tournament.records import GameRecord, SeatRecord
from pokerroom.tournament.run import GameRun
from pokerroom.tournament.seeds import derive
from pokerroom.tournament.stats import Estimate

__all__ = [
    "Estimate",
    "ExecutorError",
    "GameRecord",
    "GameRun",
    "GameTask",
    "League",
    "LeagueResults",
    "SeatRecord",
    "Standing",
    "Tournament",
    "TournamentError",
    "derive",
    "make_executor",
    "play",
    "play_timed",
]
