"""Whole numbers written in digits, read safely from any text a file, a client or a command
line gives.

``str.isdigit`` is no test that :func:`int` can read a text: ``"²"`` and ``"①"`` are digits
to it and no number to :func:`int`, and :func:`int` refuses a text of more than 4,300 digits
(Python's guard against slow conversions). Each reads as a :class:`ValueError` where the
caller expected a number, and a reader, a server or a command stopped on it. :func:`number`
reads only ASCII digits, and only as many as a count of anything here can need.

>>> number("42"), number("0042"), number(" 42"), number("²"), number("-1"), number("")
(42, 42, None, None, None, None)
>>> number("9" * 18), number("9" * 19), number("9" * 19, digits=19)
(999999999999999999, None, 9999999999999999999)
"""

from __future__ import annotations

__all__ = ["number"]

DIGITS = 18
"""The most digits read by default: more than any count, chip amount or hand number."""


def number(text: str, *, digits: int = DIGITS) -> int | None:
    """The whole number ``text`` writes in 1 to ``digits`` ASCII digits (no sign, no
    space), else ``None``."""
    if len(text) <= digits and text.isascii() and text.isdigit():  # "" is no digit
        return int(text)
    return None
