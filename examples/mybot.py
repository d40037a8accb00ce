from pokerroom.cards import Rank
from pokerroom.engine import Action, ActionKind
from pokerroom.players import Player


class MyBot(Player):
    """Bets or raises with a pair or an ace; otherwise checks or calls."""

    name = "my-bot"

    def act(self, view, budget):
        legal, ranks = view.legal, {card.rank for card in view.hole}
        if len(ranks) == 1 or Rank.ACE in ranks:
            for kind in (ActionKind.RAISE, ActionKind.BET):
                if kind in legal.kinds:
                    return Action(kind, legal.min_to)
        return Action.check() if ActionKind.CHECK in legal.kinds else Action.call()
