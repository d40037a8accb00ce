"""Chip amounts as the terminal game shows them: whole chips with a comma between each
group of three digits, everywhere (the action bar's buttons, the prompt, the pot odds,
the amount field and its messages, the felt, the log, the summaries).

>>> chips(8), chips(1200), chips(1250000), chips(-3500)
('8', '1,200', '1,250,000', '-3,500')
"""

from __future__ import annotations

__all__ = ["chips"]


def chips(amount: int) -> str:
    """``amount`` chips, with thousands separators (``12,500``)."""
    return f"{amount:,}"
