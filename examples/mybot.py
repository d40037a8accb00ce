from pokerroom.cards import Rank
from pokerroom.engine import Action
from pokerroom.engine import ActionKind as K
from pokerroom.players import Player

PLANS = {True: (K.RAISE, K.BET, K.CALL, K.CHECK), False: (K.CHECK, K.CALL, K.RAISE, K.FOLD)}


class MyBot(Player):
    """Bets and raises with a pair or an ace; otherwise checks or calls (or straddles)."""

    name = "my-bot"

    def act(self, view, budget):
        ranks = {card.rank for card in view.hole}
        plan = PLANS[len(ranks) == 1 or Rank.ACE in ranks]
        kind = next(k for k in plan if k in view.legal.kinds)
        return Action(kind, view.legal.min_to if kind in (K.RAISE, K.BET) else None)
