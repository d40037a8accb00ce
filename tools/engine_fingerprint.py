"""A fingerprint of the engine's behaviour: random players play 300 hands of each of four
presets (no limit, casino limit, the computer-tournament rules and the wild-card game)
at 2, 3, 6 and 9 players, and every hand's events (by their text) and result go into
one hash.

Run: ``python tools/engine_fingerprint.py`` (prints the hash).  A change that means to
leave the engine's behaviour alone (a speed-up, a refactoring) must leave the hash
unchanged: the same cards, the same legal choices (the random player draws from them),
the same events and the same awards for the same seeds.
"""

from __future__ import annotations

import hashlib
import random

from pokerroom.engine import Hand
from pokerroom.engine.actions import random_action
from pokerroom.rules import Rules

PRESETS = ("no-limit", "casino-limit", "computer-tournament", "wild")
PLAYERS = (2, 3, 6, 9)
HANDS = 300
STACK = 200
SEED = 5


def fingerprint() -> str:
    """The hash of every hand's events and result (hex)."""
    digest = hashlib.sha256()
    for preset in PRESETS:
        rules = Rules.preset(preset)
        rng = random.Random(SEED)  # (one generator per preset, shared by its hands)
        for n in PLAYERS:
            for i in range(HANDS):
                hand = Hand(rules, [STACK] * n, button=i % n, rng=rng, auto_showdown=True)
                while not hand.is_over:
                    hand.act(*random_action(hand.legal_actions(), rng))
                digest.update(repr([str(e) for e in hand.events]).encode())
                digest.update(repr(hand.result).encode())
    return digest.hexdigest()


if __name__ == "__main__":
    print(fingerprint())
