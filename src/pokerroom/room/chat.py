"""Chat at a table: plain text, cut short, rate-limited.

Whatever a person sends is cleaned before anyone sees it: control, format and
unassigned characters and lone surrogates are removed (no escape sequence, no
right-to-left override, nothing a terminal or a page would act on), runs of white space
become one space, and the text is cut to :data:`CHAT_LENGTH` characters.  It is sent
as JSON text; the pages put it in the page as text (never as HTML), so ``<b>`` shows as
``<b>``.

>>> clean("  hi\\x1b[31m  there\\u202e ")
'hi[31m there'
>>> clean("\\ud800\\x00") is None
True
>>> bucket = ChatRate(per=3, seconds=10.0)
>>> [bucket.allow("ann", t) for t in (0.0, 1.0, 2.0, 3.0, 10.5)]
[True, True, True, False, True]
"""

from __future__ import annotations

import unicodedata
from collections import deque

__all__ = ["CHAT_LENGTH", "ChatRate", "clean"]

CHAT_LENGTH = 300
"""The longest chat text shown (characters)."""


def clean(text: str) -> str | None:
    """``text`` as it is shown (see the module doc); None if nothing is left."""
    kept = []
    for ch in text:
        category = unicodedata.category(ch)
        if category[0] == "C":  # Cc control, Cf format, Cs surrogate, Co private, Cn unassigned
            continue
        kept.append(" " if category[0] == "Z" else ch)
    shown = " ".join("".join(kept).split())[:CHAT_LENGTH].strip()
    return shown or None


class ChatRate:
    """At most ``per`` lines of chat in any ``seconds`` from one person (by name)."""

    def __init__(self, per: int = 5, seconds: float = 10.0) -> None:
        self.per = per
        self.seconds = seconds
        self._said: dict[str, deque[float]] = {}

    def allow(self, who: str, now: float) -> bool:
        """Whether ``who`` may say something at ``now`` (counted if so)."""
        said = self._said.setdefault(who, deque())
        while said and said[0] <= now - self.seconds:
            said.popleft()
        if len(said) >= self.per:
            return False
        said.append(now)
        return True
