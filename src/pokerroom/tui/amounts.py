"""Chip amounts as the terminal game shows them: whole chips with a comma between each
group of three digits, everywhere (the action bar's buttons, the prompt, the pot odds,
the amount field and its messages, the felt, the log, the summaries).

>>> chips(8), chips(1200), chips(1250000), chips(-3500)
('8', '1,200', '1,250,000', '-3,500')
"""

from __future__ import annotations

import re

__all__ = ["chips", "whole_chips"]

_WHOLE = re.compile(r"[0-9]+|[0-9]{1,3}(?:,[0-9]{3})+")


def chips(amount: int) -> str:
    """``amount`` chips, with thousands separators (``12,500``)."""
    return f"{amount:,}"


def whole_chips(text: str) -> int | None:
    """The whole number of chips typed in ``text``: digits, with commas between thousands
    in their places if any (``1200`` or ``1,200``); ``None`` for anything else.

    >>> whole_chips(" 12,500 "), whole_chips("1200"), whole_chips("1,2,00"), whole_chips("5k")
    (12500, 1200, None, None)
    """
    t = text.strip()
    return int(t.replace(",", "")) if _WHOLE.fullmatch(t) else None
