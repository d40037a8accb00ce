"""A random source for tests whose every draw is one chosen number."""

from __future__ import annotations

import random


class Draws(random.Random):
    """A random source whose every draw is ``value``."""

    def __init__(self, value: float) -> None:
        super().__init__(0)
        self.value = value

    def random(self) -> float:
        return self.value
