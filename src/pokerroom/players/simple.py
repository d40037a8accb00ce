"""The two simplest bots: ``random`` and ``calling-station``.

>>> import random
>>> from pokerroom.rules import Rules
>>> from pokerroom.table import Table
>>> table = Table(Rules.preset("casino-limit"), 3, rng=random.Random(1))
>>> _ = table.start_hand()
>>> CallingStation().act(table.turn_view(), 1.0)
Action.call()
>>> RandomBot(seed=5).act(table.turn_view(), 1.0)
Action.raise_to(4)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.engine import Action, ActionKind
from pokerroom.players.base import _BETS, _RAISES, Bot

if TYPE_CHECKING:
    from pokerroom.engine import PlayerView

__all__ = ["CallingStation", "RandomBot"]

_K = ActionKind
# By the kind's name: a str key hashes in C (an Enum member's hash is a Python call).
_PLAIN = {
    _K.FOLD._name_: Action.fold(), _K.CHECK._name_: Action.check(),
    _K.CALL._name_: Action.call(), _K.SHOW._name_: Action.show(),
    _K.MUCK._name_: Action.muck(),
}  # fmt: skip

_FOLD, _CHECK, _CALL = (_PLAIN[k._name_] for k in (_K.FOLD, _K.CHECK, _K.CALL))
# The kinds themselves, read once (an Enum member read off its class is a slow lookup).
_K_CHECK, _K_CALL, _K_BET, _K_RAISE = _K.CHECK, _K.CALL, _K.BET, _K.RAISE


class RandomBot(Bot):
    """Each legal kind of action as likely, a bet or raise to a uniform legal amount
    (:func:`~pokerroom.engine.random_action`)."""

    name = "random"
    description = "picks uniformly among the legal actions, and a uniform bet size"

    def act(self, view: PlayerView, budget: float) -> Action:
        legal = view.legal
        assert legal is not None
        # random_action's two draws, inline (a Python call less a decision; a test holds
        # the two to the same choices), then Bot.bet's shared action for the amount.
        rng = self.rng
        kind = rng.choice(legal.kinds)
        if kind is _K_RAISE or kind is _K_BET:
            amount = rng.randint(legal.min_to, legal.max_to)
            made = (_RAISES if kind is _K_RAISE else _BETS).get(amount)
            return made if made is not None else self.bet(kind, amount)
        return _PLAIN[kind._name_]

    def odds(self, view: PlayerView) -> list[tuple[ActionKind, float, float]]:
        """What :meth:`act` draws from: each legal kind with the same chance, a bet or
        raise to the mean of its uniform amounts (a known strategy, for
        :mod:`pokerroom.tournament.aivat`)."""
        legal = view.legal
        assert legal is not None
        p = 1 / len(legal.kinds)
        return [(k, p, (legal.min_to + legal.max_to) / 2 if k is _K_RAISE or k is _K_BET
                 else 0.0) for k in legal.kinds]  # fmt: skip


class CallingStation(Bot):
    """Checks when it can, else calls; never folds, never bets (001's straddle it posts)."""

    name = "calling-station"
    description = "checks or calls every bet, never folds, never raises"

    def act(self, view: PlayerView, budget: float) -> Action:
        legal = view.legal
        assert legal is not None
        kinds = legal.kinds
        if _K_CHECK in kinds:
            return _CHECK
        if _K_CALL in kinds:
            return _CALL
        if _K_RAISE in kinds:  # the straddle: post it or fold
            return self.bet(_K_RAISE, legal.min_to)
        return _FOLD

    def odds(self, view: PlayerView) -> list[tuple[ActionKind, float, float]]:
        """The one action :meth:`act` takes, with chance 1 (a known strategy, for
        :mod:`pokerroom.tournament.aivat`)."""
        action = self.act(view, 0.0)
        return [(action.kind, 1.0, float(action.amount or 0))]
