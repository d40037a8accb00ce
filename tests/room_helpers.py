"""A room's connection as the tests hold it: every frame the table pushes, kept."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any


class FakeLink:
    """A connection's way out, kept: every frame pushed, and the close.  ``peer`` is
    the address the room names it by in its log (``"test"`` unless given)."""

    def __init__(self, name: str | None = None, *, peer: str = "test") -> None:
        self.peer = peer
        self.name = name
        self.frames: list[str] = []
        self.closed: tuple[int, str] | None = None

    def push(self, frame: str) -> None:
        self.frames.append(frame)

    def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)

    def messages(self, kind: str | None = None) -> list[dict[str, Any]]:
        """Every message pushed (of type ``kind`` only, if given)."""
        out = [json.loads(f) for f in self.frames]
        return [m for m in out if kind is None or m["type"] == kind]

    def taken(self) -> list[dict[str, Any]]:
        """The messages pushed since the last call."""
        out = self.messages()
        self.frames.clear()
        return out


def expire_until(table: Any, done: Callable[[], bool], now: list[float] | None = None,
                 *, most: int = 200) -> None:  # fmt: skip
    """Run out the time of each pending decision of the room's ``table`` in turn (its
    ``_expire``; ``now[0]``, the table's clock, moved on 100 s first when given) until
    ``done()``.  A table that never gets there fails the test after ``most`` decisions,
    where an open loop would wait for ever: ``_expire`` logs what the match raises and
    stops it, so a broken hand's end, or a change never made, would spin the loop."""
    for _ in range(most):
        if done():
            return
        if now is not None:
            now[0] += 100.0
        table._expire()
    assert done(), f"not done after {most} decisions ran out of time"
