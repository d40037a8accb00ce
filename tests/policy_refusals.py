"""What a solved strategy's policy says, in full, when a view lies outside it."""

from __future__ import annotations

from typing import Protocol

import pytest

from pokerroom.engine import PlayerView
from pokerroom.solver.policy import OutsideStrategy


class Locating(Protocol):
    def locate(self, view: PlayerView) -> object: ...

    def covers(self, view: PlayerView) -> str | None: ...


def refusal(policy: Locating, view: PlayerView) -> tuple[str, str]:
    """The message and kind of ``policy``'s refusal of ``view``; ``covers`` must say the
    same."""
    with pytest.raises(OutsideStrategy) as caught:
        policy.locate(view)
    assert policy.covers(view) == str(caught.value)
    return str(caught.value), caught.value.kind
