"""A room's connection as the tests hold it: every frame the table pushes, kept."""

from __future__ import annotations

import json
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
