"""The ``strong`` bot (:class:`Strong`, in :mod:`~pokerroom.players.strong.bot`) and its parts.

* :mod:`~pokerroom.players.strong.cards`: combinations, boards and their strength;
* :mod:`~pokerroom.players.strong.tracker`: the hand's moves as the bot reads them;
* :mod:`~pokerroom.players.strong.stats`: each opponent's profile across hands;
* :mod:`~pokerroom.players.strong.ranges`: ranges narrowed by each action;
* :mod:`~pokerroom.players.strong.equity`, :mod:`~pokerroom.players.strong.outlook`:
  equity against those ranges;
* :mod:`~pokerroom.players.strong.play`: the decision by expected value;
* :mod:`~pokerroom.players.strong.tables`: the shipped pre-flop tables, which
  ``python -m pokerroom.players.strong.build`` makes (:mod:`~pokerroom.players.strong.build`).
"""

from __future__ import annotations

from pokerroom.players.strong.bot import Strong

__all__ = ["Strong"]
